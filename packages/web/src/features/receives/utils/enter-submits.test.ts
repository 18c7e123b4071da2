import { describe, expect, it } from 'vitest';
import { isSubmitEnter, type EnterKey } from './enter-submits';

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
