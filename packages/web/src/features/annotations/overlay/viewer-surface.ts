import type { ScreenshotAdjustments } from '@pathconsult/shared';
import type { ScaleStamp } from './scale-stamp';

/**
 * The attribute of an element the viewer lays over the slide for itself (the scale bar): labels
 * of annotations keep off it as they keep off the navigator.
 */
export const COVERS_LABELS = 'data-covers-labels';

/**
 * What the annotation layer needs of the slide viewer (features/viewer's SlideViewer satisfies
 * it): the element the slide is drawn in, view-change notifications and the image ↔ element
 * mapping in level-0 pixels, rotation and flip included. Kept this small so the layer can be
 * tested and built without OpenSeadragon.
 */
export interface ViewerSurface {
  /** The element OpenSeadragon draws in; the overlay's <svg> is laid over it. */
  readonly element: HTMLElement;
  readonly slide: { width: number; height: number; mpp: number | null; mppY?: number | null };
  onViewChange(cb: () => void): () => void;
  imageToElement(point: { x: number; y: number }): { x: number; y: number };
  elementToImage(point: { x: number; y: number }): { x: number; y: number };
  /**
   * The slide's own gestures for pointers that land on a shape (the overlay lies outside
   * OpenSeadragon's canvas): a drag pans by element pixels, then ends; a wheel zooms.
   */
  panByPixels(dx: number, dy: number): void;
  endPan(): void;
  forwardWheel(event: WheelEvent): void;
  /**
   * Hands a finger's press on a shape to the slide, which takes that finger over from there
   * (OpenSeadragon captures it): it pans, pinches and zooms on a double tap as on the bare slide.
   */
  forwardTouch(event: PointerEvent): void;
  /**
   * Gives the slide the keyboard focus, as a press on the bare slide does (its keys: zoom steps,
   * arrows, R, H, ?): a press on the layer lies outside OpenSeadragon's canvas and left the focus
   * on the page, where no key acts on the slide.
   */
  focusKeys(): void;
  /** Controls drawn over the slide (navigator, scale bar), in element pixels: labels keep off them. */
  coveredAreas(): { left: number; top: number; right: number; bottom: number }[];
}

/** What the annotation tools need beyond the overlay: going to a shape and capturing the view. */
export interface AnnotatableViewer extends ViewerSurface {
  readonly slideId: number;
  /** Fits the view to a level-0 box (the list's "go there"). */
  goToImageRect(rect: { x: number; y: number; width: number; height: number }): void;
  /** What the user sees, adjustments included (SlideViewer.captureView). */
  captureView(): Promise<HTMLCanvasElement>;
  /** Current rotation in degrees and mirroring, for the screenshot's region. */
  viewTurn(): { rotation: number; flipped: boolean };
  /** The scale bar and magnification of the view now, burnt into screenshots. */
  scaleStamp(): ScaleStamp;
  /** The magnification shown, or null without an objective power (the screenshot keeps it). */
  magnification(): number | null;
  /** Brightness, contrast and gamma shown now, null for none (the screenshot's caption says so). */
  adjustments(): ScreenshotAdjustments | null;
}
