import type { KeyboardEvent } from 'react';

/**
 * Ctrl+Enter (⌘+Enter on a Mac): "save" in a form whose text areas take Enter for a new line.
 * Every such form saves on it (case form, messages, notes) and says so beside its button.
 */
export function onSubmitKey(submit: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
}
