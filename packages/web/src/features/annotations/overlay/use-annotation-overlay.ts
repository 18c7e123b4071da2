import { useEffect, useRef, type RefObject } from 'react';
import type { AnnotationDto } from '@pathconsult/shared';
import { AnnotationOverlay, overlayShapesOf, type OverlayCallbacks } from './annotation-overlay';
import type { ViewerSurface } from './viewer-surface';

const NO_CALLBACKS: OverlayCallbacks = { onFinished: () => {}, onSelect: () => {} };

/**
 * The annotation layer over a viewer for as long as the viewer lives, drawing `annotations`
 * while `shown`. The callbacks are read when the layer calls them, so the latest ones of the
 * component apply.
 */
export function useAnnotationOverlay(
  viewer: ViewerSurface,
  annotations: readonly AnnotationDto[] | undefined,
  shown: boolean,
  callbacks: OverlayCallbacks = NO_CALLBACKS,
): RefObject<AnnotationOverlay | null> {
  const overlay = useRef<AnnotationOverlay | null>(null);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });

  useEffect(() => {
    const layer = new AnnotationOverlay(viewer, {
      onFinished: (shape, color) => latest.current.onFinished(shape, color),
      onSelect: (id) => latest.current.onSelect(id),
      onTooFewCorners: () => latest.current.onTooFewCorners?.(),
      onOffSlide: () => latest.current.onOffSlide?.(),
      onReshaped: (id, points) => latest.current.onReshaped?.(id, points),
      onPenStep: (step, corners) => latest.current.onPenStep?.(step, corners),
      onCorners: (count) => latest.current.onCorners?.(count),
      onLabelsLeftOut: (count) => latest.current.onLabelsLeftOut?.(count),
    });
    overlay.current = layer;
    return () => {
      layer.destroy();
      overlay.current = null;
    };
  }, [viewer]);

  useEffect(() => {
    overlay.current?.setShapes(overlayShapesOf(annotations ?? []));
  }, [annotations, viewer]);
  useEffect(() => overlay.current?.setShown(shown), [shown, viewer]);
  return overlay;
}
