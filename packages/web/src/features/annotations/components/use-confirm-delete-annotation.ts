import { useTranslation } from 'react-i18next';
import type { AnnotationDto } from '@pathconsult/shared';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useDeleteAnnotation } from '../api/annotations';
import type { RecordChange } from '../utils/undo-changes';

/**
 * Deleting one of the caller's annotations, after a confirmation: from the list's button and from
 * the Delete key on the selected shape, with the same question and the same result. A deletion
 * the server has is recorded for Ctrl+Z (`record`). Without `record` (a mark's card side by side
 * or on a phone, which have no undo) the question says the deletion is final.
 */
export function useConfirmDeleteAnnotation(
  record?: RecordChange,
): (annotation: AnnotationDto) => void {
  const { t } = useTranslation('annotations');
  const confirm = useConfirmAction();
  const remove = useDeleteAnnotation();
  return (annotation) => {
    const { iAnnotationId, strKind, strText } = annotation;
    confirm({
      // Which one: its kind, and a note's words.
      title: strText
        ? t('list.confirmTitleNote', { kind: t(`kinds.${strKind}`), text: strText })
        : t('list.confirmTitle', { kind: t(`kinds.${strKind}`) }),
      content: t(record ? 'list.confirmContent' : 'list.confirmContentFinal'),
      okText: t('list.confirmOk'),
      cancelText: t('list.confirmCancel'),
      okTestId: 'annotation-delete-ok',
      action: () =>
        remove
          .mutateAsync(iAnnotationId)
          .then(() => record?.({ kind: 'delete', before: annotation })),
      done: t('list.deleted'),
    });
  };
}
