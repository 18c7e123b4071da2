/**
 * Whether a modal layer (a dialog, an image preview) is open over the page outside `content`:
 * keys and presses then belong to that layer, which closes first, as the topmost thing does
 * everywhere else. With `content` null, any open modal layer counts.
 */
export function modalAbove(content: HTMLElement | null = null): boolean {
  return [...document.querySelectorAll('[aria-modal="true"]')].some(
    (layer) => !layer.contains(content) && layer.getClientRects().length > 0,
  );
}
