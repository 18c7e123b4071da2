/** The zoom of one notch of a mouse wheel (100 pixels of deltaY in Chromium and Firefox). */
export const ZOOM_PER_WHEEL_NOTCH = 1.4;

/** deltaY in pixels per notch, and what a line and a page count in pixels (deltaMode 1, 2). */
const NOTCH_PX = 100;
const LINE_PX = 40;
const PAGE_PX = 800;

/**
 * The zoom factor of one wheel event, in proportion to how far it turned: a mouse's notch is
 * one step (×1.4), the many small events of a trackpad's two-finger scroll or pinch (a few pixels
 * each, ctrlKey set for a pinch) add up to steps as they go, instead of each being a whole step
 * (which flew from 4× to 40× in a fifth of a second). At most one step per event, whatever one
 * event says: a flick of a free-spinning wheel must not jump several magnifications at once.
 */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const px = deltaY * (deltaMode === 1 ? LINE_PX : deltaMode === 2 ? PAGE_PX : 1);
  const steps = Math.max(-1, Math.min(1, -px / NOTCH_PX));
  return ZOOM_PER_WHEEL_NOTCH ** steps;
}
