import type { KeyboardEvent } from 'react';

/** What Tab can reach, in document order. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
  if (!picker || picker.querySelector('input') !== input) {
    return;
  }
  const next = [...document.querySelectorAll<HTMLElement>(TABBABLE)].find(
    (el) =>
      !picker.contains(el) &&
      Boolean(picker.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      el.getClientRects().length > 0,
  );
  if (next) {
    event.preventDefault();
    next.focus();
  }
}
