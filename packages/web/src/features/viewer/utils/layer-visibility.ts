/*
 * Whether the annotation layer is shown over a slide, remembered per slide in this browser tab
 * (sessionStorage): a reload keeps a layer hidden for a clean look or a clean screenshot, while a
 * new tab or the next day opens every slide with its annotations shown again — a colleague's mark
 * must not stay out of sight because of a choice made days before.
 */

const storageKey = (slideId: number) => `annotationLayerHidden.${slideId}`;

/** Shown unless this tab hid it for this slide. */
export function layerShownFor(slideId: number, storage: Storage): boolean {
  return storage.getItem(storageKey(slideId)) !== '1';
}

/** Only the hidden state is stored: shown is the default and leaves nothing behind. */
export function rememberLayerShown(slideId: number, shown: boolean, storage: Storage): void {
  if (shown) {
    storage.removeItem(storageKey(slideId));
  } else {
    storage.setItem(storageKey(slideId), '1');
  }
}
