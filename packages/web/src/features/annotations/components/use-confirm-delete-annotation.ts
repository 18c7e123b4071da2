import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useDeleteAnnotation } from '../api/annotations';

/**
 * Deleting one of the caller's annotations, after a confirmation: from the list's button and from
 * the Delete key on the selected shape, with the same question and the same result.
 */
export function useConfirmDeleteAnnotation(): (iAnnotationId: number) => void {
  const { t } = useTranslation('annotations');
  const confirm = useConfirmAction();
  const remove = useDeleteAnnotation();
  return (iAnnotationId) =>
    confirm({
      title: t('list.confirmTitle'),
      content: t('list.confirmContent'),
      okTestId: 'annotation-delete-ok',
      action: () => remove.mutateAsync(iAnnotationId),
      done: t('list.deleted'),
    });
}
