import type OpenSeadragon from 'openseadragon';
import { screenshotAdjustments } from '@pathconsult/shared';
import { formatMagnification } from '@/features/viewer/utils/magnification';
import { scaleBar, scaleBarMpp } from '@/features/viewer/utils/scale-bar';
import { COVERS_LABELS, type AnnotatableViewer } from './viewer-surface';

/**
 * The slide viewer as features/viewer's SlideViewer offers it (issue 6 contract): OpenSeadragon,
 * the slide's size and MPP, view-change notifications, the image ↔ element mapping that honours
 * rotation and flip, and the capture of what the user sees.
 */
export interface SlideViewerLike {
  readonly osd: OpenSeadragon.Viewer;
  readonly slide: {
    id: number;
    width: number;
    height: number;
    mpp: number | null;
    mppY?: number | null;
  };
  onViewChange(cb: () => void): () => void;
  imageToElement(point: { x: number; y: number }): { x: number; y: number };
  elementToImage(point: { x: number; y: number }): { x: number; y: number };
  captureView(): Promise<HTMLCanvasElement>;
  /** Screen pixels per level-0 pixel now. */
  imageZoom(): number;
  /** The magnification shown, or null without an objective power. */
  magnification(): number | null;
  /** Brightness, contrast and gamma of the view (1 = unchanged). */
  getAdjustments(): { brightness: number; contrast: number; gamma: number };
  /** Whether the view is mirrored (left and right swapped). */
  flipped(): boolean;
  panByPixels(dx: number, dy: number): void;
  endPan(): void;
  forwardWheel(event: WheelEvent): void;
}

/** What the annotation tools use, from the viewer: "go there" and the turn through OpenSeadragon. */
export function annotatableViewer(viewer: SlideViewerLike): AnnotatableViewer {
  // OpenSeadragon makes a new viewport when it opens an image: always ask for the current one.
  const viewport = () => viewer.osd.viewport;
  return {
    element: viewer.osd.element,
    slideId: viewer.slide.id,
    slide: viewer.slide,
    onViewChange: (cb) => viewer.onViewChange(cb),
    imageToElement: (p) => viewer.imageToElement(p),
    elementToImage: (p) => viewer.elementToImage(p),
    panByPixels: (dx, dy) => viewer.panByPixels(dx, dy),
    endPan: () => viewer.endPan(),
    forwardWheel: (event) => viewer.forwardWheel(event),
    // OpenSeadragon's canvas tracker sees the press as its own; a finger is captured by the
    // element it landed on (the layer), so the canvas captures it instead: the finger's moves
    // and lifting then reach OpenSeadragon, and a second finger makes a pinch.
    forwardTouch: (event) => {
      const canvas = viewer.osd.canvas;
      canvas.dispatchEvent(new PointerEvent(event.type, event));
      try {
        canvas.setPointerCapture(event.pointerId);
      } catch {
        // The finger has already been lifted: nothing more comes of it.
      }
    },
    focusKeys: () => viewer.osd.canvas.focus({ preventScroll: true }),
    coveredAreas: () => {
      // The navigator, and what the viewer draws over the view for itself (the scale bar).
      const navigator = viewer.osd.navigator?.element;
      const covers = [
        ...(navigator ? [navigator] : []),
        ...viewer.osd.element.querySelectorAll<HTMLElement>(`[${COVERS_LABELS}]`),
      ];
      const origin = viewer.osd.element.getBoundingClientRect();
      return covers
        .filter((element) => element.offsetParent !== null)
        .map((element) => {
          const box = element.getBoundingClientRect();
          return {
            left: box.left - origin.left,
            top: box.top - origin.top,
            right: box.right - origin.left,
            bottom: box.bottom - origin.top,
          };
        });
    },
    captureView: () => viewer.captureView(),
    magnification: () => viewer.magnification(),
    adjustments: () => {
      const a = viewer.getAdjustments();
      return screenshotAdjustments({
        dBrightness: a.brightness,
        dContrast: a.contrast,
        dGamma: a.gamma,
        // Left for right: said under the figure as a change of colour is.
        bMirrored: viewer.flipped(),
      });
    },
    scaleStamp: () => {
      const magnification = viewer.magnification();
      return {
        bar: scaleBar(scaleBarMpp(viewer.slide.mpp, viewer.slide.mppY), viewer.imageZoom()),
        magnification: magnification === null ? null : formatMagnification(magnification),
      };
    },
    goToImageRect: ({ x, y, width, height }) => {
      // A margin of a quarter around the shape, and never narrower than 200 level-0 pixels.
      const side = Math.max(width, height, 200);
      const framed = viewport().imageToViewportRectangle(0, 0, side * 1.5, side * 1.5).width;
      // The zoom that fits that square in the view (a square fits alike when turned)...
      const aspect = viewport().getAspectRatio();
      const fit = Math.min(1 / framed, 1 / (framed * aspect));
      // ...but not past the scan's own resolution for a small shape: enlarged pixels show
      // nothing more, and a small shape on a 20× scan opened at 46×. The user can zoom further.
      const zoom = Math.min(fit, viewport().imageToViewportZoom(1));
      // Centred on the shape, zoomed about that centre: a zoom capped after fitBounds zoomed about
      // the old centre, and a small shape away from it (an arrow, a note) was never shown.
      viewport().panTo(viewport().imageToViewportCoordinates(x + width / 2, y + height / 2));
      viewport().zoomTo(zoom);
    },
    viewTurn: () => ({ rotation: viewport().getRotation(), flipped: viewport().getFlip() }),
  };
}
