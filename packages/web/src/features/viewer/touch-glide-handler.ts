import OpenSeadragon from 'openseadragon';
import { touchGlide, trimTouchTrail, type TouchSample } from './utils/touch-glide';

/**
 * A swipe on a touch screen glides on as touchGlide (utils/touch-glide.ts) says, in place of
 * OpenSeadragon's own flick. A drag that zoomed (a pinch, or a double tap held and dragged)
 * does not glide: its finger placed a magnification, not the slide.
 */
export function attachTouchGlide(osd: OpenSeadragon.Viewer): void {
  let trail: TouchSample[] = [];
  let zoomAtPress = Number.NaN;
  const sample = (at: OpenSeadragon.Point): TouchSample => ({ t: Date.now(), x: at.x, y: at.y });

  osd.addHandler('canvas-press', (event) => {
    if (event.pointerType === 'touch') {
      trail = [sample(event.position)];
      zoomAtPress = osd.viewport.getZoom(false);
    }
  });
  osd.addHandler('canvas-drag', (event) => {
    if (event.pointerType === 'touch') {
      trail = trimTouchTrail([...trail, sample(event.position)]);
    }
  });
  osd.addHandler('canvas-drag-end', (event) => {
    if (event.pointerType !== 'touch') {
      return;
    }
    event.preventDefaultAction = true;
    const viewport = osd.viewport;
    const size = viewport.getContainerSize();
    const zoomed = viewport.getZoom(false) !== zoomAtPress;
    const glide = zoomed ? null : touchGlide(trail, Date.now(), { width: size.x, height: size.y });
    trail = [];
    if (glide) {
      // As OpenSeadragon pans for a drag: the slide follows the finger, mirrored in a flipped view.
      const moved = new OpenSeadragon.Point(viewport.getFlip() ? -glide.x : glide.x, glide.y);
      viewport.panBy(viewport.deltaPointsFromPixels(moved.negate()));
    }
    viewport.applyConstraints();
  });
}
