import { describe, expect, it, vi } from 'vitest';
import { isSubmitEnter, sendOnSubmitEnter, type EnterKey } from './enter-submits';

const press = (target: unknown, over: Partial<EnterKey> = {}): EnterKey => ({
  key: 'Enter',
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  nativeEvent: { isComposing: false },
  target,
  ...over,
});
const checkbox = { tagName: 'INPUT', type: 'checkbox' };

describe('isSubmitEnter', () => {
  it('sends on Enter in an expert checkbox or a mode radio button', () => {
    expect(isSubmitEnter(press(checkbox))).toBe(true);
    expect(isSubmitEnter(press({ tagName: 'INPUT', type: 'radio' }))).toBe(true);
  });
  it('leaves their own Enter to buttons, links, text fields and list items', () => {
    expect(isSubmitEnter(press({ tagName: 'BUTTON', type: 'button' }))).toBe(false);
    expect(isSubmitEnter(press({ tagName: 'A' }))).toBe(false);
    expect(isSubmitEnter(press({ tagName: 'INPUT', type: 'search' }))).toBe(false);
    expect(isSubmitEnter(press({ tagName: 'LI' }))).toBe(false);
    expect(isSubmitEnter(press(null))).toBe(false);
  });
  it('ignores other keys, modified Enter and Enter ending an IME composition', () => {
    expect(isSubmitEnter(press(checkbox, { key: ' ' }))).toBe(false);
    expect(isSubmitEnter(press(checkbox, { ctrlKey: true }))).toBe(false);
    expect(isSubmitEnter(press(checkbox, { nativeEvent: { isComposing: true } }))).toBe(false);
  });
});

describe('sendOnSubmitEnter', () => {
  it('sends once and keeps the browser from acting on the key; other keys pass', () => {
    const send = vi.fn();
    const preventDefault = vi.fn();
    const onKeyDown = sendOnSubmitEnter(send);
    onKeyDown({ ...press(checkbox), preventDefault });
    expect(send).toHaveBeenCalledTimes(1);
    expect(preventDefault).toHaveBeenCalledTimes(1);
    onKeyDown({ ...press(checkbox, { key: ' ' }), preventDefault });
    onKeyDown({ ...press({ tagName: 'BUTTON', type: 'button' }), preventDefault });
    expect(send).toHaveBeenCalledTimes(1);
    expect(preventDefault).toHaveBeenCalledTimes(1);
  });
});
