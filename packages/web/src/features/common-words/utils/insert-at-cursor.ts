/**
 * `text` inserted into `current` where the textarea's cursor is, replacing what is selected; at
 * the end when there is no textarea or it does not report a cursor (never focused). Returns the
 * new value and where the cursor goes: just after the inserted text. The textarea is only read:
 * the caller sets the value (a controlled antd TextArea) and then the caret, e.g.
 * `el.setSelectionRange(caret, caret)` once the new value is rendered.
 */
export function insertAtCursor(
  textarea: HTMLTextAreaElement | null,
  current: string,
  text: string,
): { value: string; caret: number } {
  const clamp = (n: number) => Math.min(Math.max(n, 0), current.length);
  const at = (n: number | null | undefined) => (typeof n === 'number' ? clamp(n) : current.length);
  const start = at(textarea?.selectionStart);
  const end = Math.max(start, at(textarea?.selectionEnd));
  return {
    value: current.slice(0, start) + text + current.slice(end),
    caret: start + text.length,
  };
}
