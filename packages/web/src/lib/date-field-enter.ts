/**
 * Enter in a date field confirms the date, never sends the form around it. The browser submits
 * a form when Enter is pressed in one of its inputs; a date picker's input is one, so typing a
 * collection date and pressing Enter saved a half-filled case (seen in a walk-through). antd's
 * picker has taken the key by the time it reaches the document (React listens at the root), so
 * the submission alone is cancelled there. Other fields keep Enter-to-submit.
 */
export function keepDateEnterInField(
  event: Pick<KeyboardEvent, 'key' | 'target' | 'preventDefault' | 'isComposing'>,
): void {
  if (event.key !== 'Enter' || event.isComposing) {
    return;
  }
  const target = event.target as Element | null;
  if (target && typeof target.closest === 'function' && target.closest('.ant-picker')) {
    event.preventDefault();
  }
}

/** Installs keepDateEnterInField for the whole page, once, at start-up. */
export function installDateEnterGuard(doc: Document = document): void {
  doc.addEventListener('keydown', keepDateEnterInField);
}
