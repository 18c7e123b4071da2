import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { useAddAnnotation, useSlideAnnotations } from '../api/annotations';
import { initialAnnotationColor } from '../utils/default-color';
import type { AnnotatableViewer } from '../overlay/viewer-surface';
import { useAnnotationOverlay } from '../overlay/use-annotation-overlay';
import { PickedAnnotationCard } from './picked-annotation-card';
import { pixelSizeOf } from '../utils/geometry';
import { useConfirmDeleteAnnotation } from './use-confirm-delete-annotation';

/**
 * The slide's annotations drawn over the view without the tools (compact viewers: the phone,
 * slides side by side), unless the viewer's eye hid them. The layer is an SVG in the viewer; a
 * tap (or click) on a shape shows it whole in a card over the slide, there being no list.
 *
 * With `ruler` on (slides side by side: the pane's "Measure") a drag draws a ruler, saved with
 * the slide's annotations in the user's colour, as the single-slide view's ruler is. One's own
 * mark, picked, can be deleted from its card.
 */
export function AnnotationLayer({
  viewer,
  shown,
  ruler = false,
  sideBySide = false,
}: {
  viewer: AnnotatableViewer;
  shown: boolean;
  ruler?: boolean;
  /** The pane is one of several: a card picked in the whole screen's view is put away then. */
  sideBySide?: boolean;
}) {
  const { t } = useTranslation('annotations');
  const annotations = useSlideAnnotations(viewer.slideId);
  const list = annotations.data?.listAnnotation;
  const [picked, setPicked] = useState<number | null>(null);
  // A slide opened beside this one shrinks its pane: the card picked before covered a third of
  // it. Put away then (and when the others close), never on a mere resize such as a phone's
  // address bar showing, which would close it under the reader's eyes. Put away after the
  // render: reset while rendering, the card came back as the new pane's slide was loading.
  const laidOutSideBySide = useRef(sideBySide);
  useEffect(() => {
    if (laidOutSideBySide.current !== sideBySide) {
      laidOutSideBySide.current = sideBySide;
      setPicked(null);
    }
  }, [sideBySide]);
  const add = useAddAnnotation();
  const { iUserId, iRoleType } = useSession();
  const mayWrite = annotations.data?.bMayWrite ?? false;
  // No undo here (no keyboard on a phone; side by side, no list to take it back to): a deletion
  // is final once confirmed, and the question says so.
  const confirmDelete = useConfirmDeleteAnnotation();
  const overlay = useAnnotationOverlay(viewer, list, shown, {
    onFinished: (shape, color) => {
      if (shape.kind === 'line') {
        // A refusal is said by the request's own error message.
        add.mutate({
          iSlideDocumentId: viewer.slideId,
          strKind: 'line',
          strColor: color,
          listPoint: shape.points,
        });
      }
    },
    onSelect: setPicked,
    onOffSlide: () => toastWarning(t('tools.offSlide')),
  });
  const drawing = ruler && shown;
  useEffect(
    () => overlay.current?.setTool(drawing ? 'line' : 'select'),
    [overlay, viewer, drawing],
  );
  useEffect(
    () => overlay.current?.setColor(initialAnnotationColor(iUserId, iRoleType, localStorage)),
    [overlay, viewer, iUserId, iRoleType],
  );
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
      onDelete={annotation.bMine && mayWrite ? () => confirmDelete(annotation) : undefined}
    />,
    viewer.element,
  );
}
