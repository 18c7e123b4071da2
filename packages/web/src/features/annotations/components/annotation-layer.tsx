import { useSlideAnnotations } from '../api/annotations';
import type { AnnotatableViewer } from '../overlay/viewer-surface';
import { useAnnotationOverlay } from '../overlay/use-annotation-overlay';

/**
 * The slide's annotations drawn over the view without the tools (compact viewers: the phone,
 * slides side by side), unless the viewer's eye hid them. Renders nothing itself: the layer is
 * an SVG in the viewer.
 */
export function AnnotationLayer({ viewer, shown }: { viewer: AnnotatableViewer; shown: boolean }) {
  const annotations = useSlideAnnotations(viewer.slideId);
  useAnnotationOverlay(viewer, annotations.data?.listAnnotation, shown);
  return null;
}
