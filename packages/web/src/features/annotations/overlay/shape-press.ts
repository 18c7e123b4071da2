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

/** Longest press that is still a tap on a shape (a longer one is a finger resting or panning). */
const TAP_MS = 500;

/**
 * Follows a finger's press on a shape that was handed to the slide (forwardTouch): the browser's
 * click then goes elsewhere, so a tap — lifted soon, not moved, no second finger meanwhile (a
 * pinch) — picks the shape here. Listened to in the capture phase: the slide may stop the events.
 */
export function followShapeTap(down: PointerEvent, onTap: () => void): { cancel(): void } {
  const controller = new AbortController();
  const options = { signal: controller.signal, capture: true };
  let moved = false;
  window.addEventListener(
    'pointermove',
    (e) => {
      if (e.pointerId === down.pointerId) {
        moved ||= Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) > DRAG_SLOP_PX;
      }
    },
    options,
  );
  window.addEventListener(
    'pointerdown',
    (e) => {
      if (e.pointerId !== down.pointerId) {
        moved = true;
      }
    },
    options,
  );
  const end = (e: PointerEvent) => {
    if (e.pointerId !== down.pointerId) {
      return;
    }
    controller.abort();
    if (e.type === 'pointerup' && !moved && e.timeStamp - down.timeStamp < TAP_MS) {
      onTap();
    }
  };
  window.addEventListener('pointerup', end, options);
  window.addEventListener('pointercancel', end, options);
  return { cancel: () => controller.abort() };
}
