import type { ViewerSurface } from './viewer-surface';

/** Movement past which a press is a drag (it pans) rather than a click (it picks the shape). */
const DRAG_SLOP_PX = 4;

export interface ShapePress {
  /** Whether the press moved far enough to pan: the click that ends it then picks nothing. */
  dragged(): boolean;
  /** Stops following it without another move (the overlay, or its viewer, goes away). */
  cancel(): void;
}

/**
 * Follows a press on a shape's pick band with the select tool, or on the layer with the polygon or
 * note tool. Both lie over the slide, outside OpenSeadragon's canvas, so a drag starting there
 * would otherwise not pan: past a few pixels it pans the slide as a drag on the slide does. Window listeners, not pointer capture:
 * the shape under the pointer is redrawn (replaced) while the view moves.
 */
export function followShapePress(
  down: PointerEvent,
  surface: Pick<ViewerSurface, 'panByPixels' | 'endPan'>,
): ShapePress {
  let last = { x: down.clientX, y: down.clientY };
  let dragging = false;
  const controller = new AbortController();
  const mine = (e: PointerEvent) => e.pointerId === down.pointerId;
  window.addEventListener(
    'pointermove',
    (e) => {
      if (!mine(e)) {
        return;
      }
      // A mouse let go where no pointerup reached us (a context menu, another window): over.
      if (e.pointerType === 'mouse' && (e.buttons & 1) === 0) {
        end(e);
        return;
      }
      dragging ||= Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) > DRAG_SLOP_PX;
      if (dragging) {
        surface.panByPixels(e.clientX - last.x, e.clientY - last.y);
        last = { x: e.clientX, y: e.clientY };
      }
    },
    { signal: controller.signal },
  );
  function end(e: PointerEvent) {
    if (!mine(e)) {
      return;
    }
    controller.abort();
    if (dragging) {
      surface.endPan();
    }
  }
  window.addEventListener('pointerup', end, { signal: controller.signal });
  window.addEventListener('pointercancel', end, { signal: controller.signal });
  return { dragged: () => dragging, cancel: () => controller.abort() };
}
