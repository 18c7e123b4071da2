/** The parts of a keydown that decide whether it sends a dialog (a React KeyboardEvent fits). */
export interface EnterKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  nativeEvent: { isComposing: boolean };
  target: unknown;
}

/**
 * Whether a key pressed in a dialog's body means "send it": a plain Enter on a checkbox or a radio
 * button, which have no Enter action of their own (Space ticks them). Buttons, links, selects,
 * text fields and pagination keep their own Enter; the name search box decides for itself (it
 * searches a new name). Enter that confirms an IME composition (Chinese input) is not a send.
 */
export function isSubmitEnter(event: EnterKey): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) {
    return false;
  }
  if (event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) {
    return false;
  }
  const target = event.target as { tagName?: unknown; type?: unknown } | null;
  return target?.tagName === 'INPUT' && (target.type === 'checkbox' || target.type === 'radio');
}

/** A dialog body's keydown handler that sends it on such an Enter (isSubmitEnter). */
export function sendOnSubmitEnter(send: () => void) {
  return (event: EnterKey & { preventDefault: () => void }) => {
    if (isSubmitEnter(event)) {
      event.preventDefault();
      send();
    }
  };
}
