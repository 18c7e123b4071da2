import { useSlideAnnotations } from '../api/annotations';
import type { AnnotatableViewer } from '../overlay/viewer-surface';
import { useAnnotationOverlay } from '../overlay/use-annotation-overlay';

/**
 * The slide's annotations drawn over the view without the tools (compact viewers: the phone,
 * slides side by side). Renders nothing itself: the layer is an SVG in the viewer.
 */
export function AnnotationLayer({ viewer }: { viewer: AnnotatableViewer }) {
  const annotations = useSlideAnnotations(viewer.slideId);
  useAnnotationOverlay(viewer, annotations.data?.listAnnotation);
  return null;
}
