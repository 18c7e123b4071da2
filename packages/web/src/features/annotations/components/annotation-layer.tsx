import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSlideAnnotations } from '../api/annotations';
import type { AnnotatableViewer } from '../overlay/viewer-surface';
import { useAnnotationOverlay } from '../overlay/use-annotation-overlay';
import { PickedAnnotationCard } from './picked-annotation-card';
import { pixelSizeOf } from '../utils/geometry';

/**
 * The slide's annotations drawn over the view without the tools (compact viewers: the phone,
 * slides side by side), unless the viewer's eye hid them. The layer is an SVG in the viewer; a
 * tap (or click) on a shape shows it whole in a card over the slide, there being no list.
 */
export function AnnotationLayer({ viewer, shown }: { viewer: AnnotatableViewer; shown: boolean }) {
  const annotations = useSlideAnnotations(viewer.slideId);
  const list = annotations.data?.listAnnotation;
  const [picked, setPicked] = useState<number | null>(null);
  const overlay = useAnnotationOverlay(viewer, list, shown, {
    onFinished: () => {},
    onSelect: setPicked,
  });
  // A shape deleted meanwhile, or the layer hidden, leaves nothing picked.
  const annotation = shown ? list?.find((a) => a.iAnnotationId === picked) : undefined;
  const selected = annotation ? annotation.iAnnotationId : null;
  useEffect(() => overlay.current?.setSelected(selected), [overlay, viewer, selected]);
  if (!annotation) {
    return null;
  }
  return createPortal(
    <PickedAnnotationCard
      annotation={annotation}
      mpp={pixelSizeOf(viewer.slide)}
      onClose={() => setPicked(null)}
    />,
    viewer.element,
  );
}
