import OpenSeadragon from 'openseadragon';

/** What a pinch event of OpenSeadragon's says of the two fingers (canvas-pinch). */
interface PinchEvent {
  center: OpenSeadragon.Point;
  lastCenter: OpenSeadragon.Point;
  distance: number;
  lastDistance: number;
}

/**
 * One move of a two-finger pinch: the slide follows the fingers' centre and zooms by their
 * spread, keeping the tissue that was under the fingers under them.
 *
 * OpenSeadragon's own pinch (6.1) lost the fingers in three ways, measured on a phone-sized view
 * with two-finger touches:
 * - its zoom moves the view's centre's target but not its current value until the next frame, and
 *   both fingers' moves usually arrive within one frame: the second was measured against the old
 *   centre, and the tissue slid toward the view's centre (130–250 px for a pinch near a corner);
 * - it zoomed about the point under the fingers' new centre, which its pan had just moved away;
 * - in a mirrored view it took the fingers' place unmirrored (the wheel's zoom mirrors it).
 */
export function pinchStep(viewport: OpenSeadragon.Viewport, event: PinchEvent): void {
  if (event.center.equals(event.lastCenter) && event.distance === event.lastDistance) {
    // Nothing moved (a finger's pressure changed): the frame's own step is left to the frame,
    // which tells the rest of the viewer that the view changed.
    return;
  }
  // The frame's own step, taken now: the last move's zoom is then where the view is. The frame
  // still sees this move's change (its zoom and pan come after).
  viewport.update();
  const width = viewport.getContainerSize().x;
  const pointAt = (pixel: OpenSeadragon.Point) =>
    viewport.pointFromPixel(
      viewport.getFlip() ? new OpenSeadragon.Point(width - pixel.x, pixel.y) : pixel,
      true,
    );
  const held = pointAt(event.lastCenter);
  viewport.panBy(held.minus(pointAt(event.center)), true);
  if (event.lastDistance > 0 && event.distance > 0) {
    viewport.zoomBy(event.distance / event.lastDistance, held, true);
  }
  viewport.applyConstraints();
}
