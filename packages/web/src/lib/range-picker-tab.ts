import type { KeyboardEvent } from 'react';

/** What Tab may reach, in document order (each then checked by `reachable`). */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** Whether Tab stops at `el`: not taken out of the order, shown, not hidden from everyone. */
function reachable(el: HTMLElement): boolean {
  return (
    el.tabIndex >= 0 &&
    el.getClientRects().length > 0 &&
    getComputedStyle(el).visibility !== 'hidden' &&
    !el.closest('[inert], [aria-hidden="true"]')
  );
}

/**
 * A RangePicker's onKeyDown: Tab in its empty start field goes on to the control after the
 * picker. antd's picker does not let focus onto the end field while the start one is empty (it
 * takes it back at once), so a keyboard user Tabbing through a filter form was held on "Start
 * date" and never reached Search. With a start date typed, the picker's own Tab is left alone.
 */
export function tabPastEmptyRange(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab' || event.shiftKey || event.defaultPrevented) {
    return;
  }
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.value !== '') {
    return;
  }
  const picker = input.closest('.ant-picker-range');
  const [start, end] = picker ? [...picker.querySelectorAll('input')] : [];
  // Both fields empty: an end date typed alone is the picker's to handle.
  if (!picker || start !== input || (end && end.value !== '')) {
    return;
  }
  const next = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (el) =>
      !picker.contains(el) &&
      Boolean(picker.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      reachable(el),
  );
  if (next) {
    event.preventDefault();
    next.focus();
  }
}
