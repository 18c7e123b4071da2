import type OpenSeadragon from 'openseadragon';
import { navigatorSize } from './utils/navigator-size';

/**
 * Keeps the overview map's box the shape of the slide as shown (utils/navigator-size.ts): when
 * the slide opens, turns, or the view changes size. Returns the setter of the map's share of
 * the view (a pane's changes when a slide opens beside it).
 */
export function attachNavigatorFit(
  osd: OpenSeadragon.Viewer,
  sizeRatio: number,
  fitted: () => void,
): (ratio: number) => void {
  let ratio = sizeRatio;
  /** `view`: the view's size where it is changing (at 'resize', before the viewport knows it). */
  const fit = (view = osd.viewport.getContainerSize()) => {
    const navigator = osd.navigator;
    const item = osd.world.getItemAt(0);
    if (!navigator || !item || osd.world.getItemCount() !== 1) {
      return;
    }
    const slide = item.getContentSize();
    const size = navigatorSize(
      { width: view.x, height: view.y },
      { width: slide.x, height: slide.y },
      osd.viewport.getRotation(),
      ratio,
    );
    const box = navigator.element;
    if (
      !size ||
      (box.style.width === `${size.width}px` && box.style.height === `${size.height}px`)
    ) {
      return;
    }
    // Set, the box no longer follows the view's size on its own: 'resize' fits it here.
    navigator.setWidth(size.width);
    navigator.setHeight(size.height);
    fitted();
  };
  osd.addHandler('open', () => fit());
  osd.addHandler('rotate', () => fit());
  osd.addHandler('resize', (event) => fit(event.newContainerSize));
  return (next) => {
    ratio = next;
    fit();
  };
}
