/**
 * A date field's blur is dropped when React has just hidden the screen it is on. Back or Forward
 * to a screen not drawn yet in this page load makes React show the Suspense fallback at once
 * (a transition begun in `popstate` renders synchronously: react#35966), hiding the screen being
 * left with an inline `display: none !important` while it stays mounted. Hidden, the picker has
 * lost its refs; Chrome then blurs its focused input and rc-picker's blur handler reads
 * `selectorRef.current.nativeElement` of null: an uncaught TypeError on leaving, say, the audit
 * log with its date range focused. The blur of a hidden screen changes nothing the user can see,
 * so it is stopped at the document, before React's listener on the root. Other blurs pass (the
 * open panel's buttons too: a blur there, as the screen is left, does not throw).
 */
export function dropBlurOfHiddenPicker(
  event: Pick<FocusEvent, 'target' | 'stopPropagation'>,
): void {
  const target = event.target as Element | null;
  if (
    target &&
    typeof target.closest === 'function' &&
    target.closest('.ant-picker') &&
    hiddenBySuspense(target)
  ) {
    event.stopPropagation();
  }
}

/** Whether the element or an ancestor carries React's Suspense hiding (`display: none !important`). */
function hiddenBySuspense(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = (node as HTMLElement).style;
    if (style?.display === 'none' && style.getPropertyPriority('display') === 'important') {
      return true;
    }
  }
  return false;
}

/** Installs dropBlurOfHiddenPicker for the whole page, once, at start-up (capture phase). */
export function installHiddenPickerBlurGuard(doc: Document = document): void {
  doc.addEventListener('focusout', dropBlurOfHiddenPicker, true);
}
