import { describe, expect, it } from 'vitest';
import { insertAtCursor } from './insert-at-cursor';

/** A textarea as far as insertAtCursor reads one: its selection. */
const area = (selectionStart: number | null, selectionEnd = selectionStart) =>
  ({ selectionStart, selectionEnd }) as HTMLTextAreaElement;

describe('insertAtCursor', () => {
  it('inserts at the cursor and puts the caret after the text', () => {
    expect(insertAtCursor(area(2), '镜下见异型细胞', '大量')).toEqual({
      value: '镜下大量见异型细胞',
      caret: 4,
    });
  });

  it('replaces the selection', () => {
    expect(insertAtCursor(area(6, 7), 'Grade 2 carcinoma', 'III')).toEqual({
      value: 'Grade III carcinoma',
      caret: 9,
    });
  });

  it('inserts at the start and at the end', () => {
    expect(insertAtCursor(area(0), 'end', 'start ')).toEqual({ value: 'start end', caret: 6 });
    expect(insertAtCursor(area(3), 'end', '.')).toEqual({ value: 'end.', caret: 4 });
  });

  it('appends when there is no textarea or no cursor', () => {
    expect(insertAtCursor(null, 'abc', 'd')).toEqual({ value: 'abcd', caret: 4 });
    expect(insertAtCursor(area(null), 'abc', 'd')).toEqual({ value: 'abcd', caret: 4 });
    expect(insertAtCursor(null, '', '未见恶性证据。')).toEqual({
      value: '未见恶性证据。',
      caret: 7,
    });
  });

  it('keeps a cursor beyond the value (the value changed since) inside it', () => {
    expect(insertAtCursor(area(10, 12), 'abc', 'd')).toEqual({ value: 'abcd', caret: 4 });
    expect(insertAtCursor(area(-1), 'abc', 'd')).toEqual({ value: 'dabc', caret: 1 });
  });

  it('treats a backwards selection as a cursor at its start', () => {
    expect(insertAtCursor(area(2, 1), 'abc', 'X')).toEqual({ value: 'abXc', caret: 3 });
  });
});
