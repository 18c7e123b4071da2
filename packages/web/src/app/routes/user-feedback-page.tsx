import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackDto, FeedbackQuery } from '@pathconsult/shared';
import { rangeToQuery } from '@/features/audit/utils/date-range';
import {
  useDeleteFeedback,
  useFeedbackPage,
  useUpdateFeedback,
} from '@/features/feedback/api/feedback';
import {
  FeedbackFilters,
  type FeedbackFilterValues,
} from '@/features/feedback/components/feedback-filters';
import { FeedbackTable } from '@/features/feedback/components/feedback-table';
import { toastSuccess } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

type Filters = Omit<FeedbackQuery, 'iCurPage' | 'iPageSize'>;

function toFilters(values: FeedbackFilterValues): Filters {
  return {
    strUserName: values.strUserName?.trim() || undefined,
    strHandled: values.strHandled,
    ...rangeToQuery(values.range),
  };
}

/**
 * /userFeedback (administrators with the user feedback menu): users' feedback, newest first,
 * marked handled once dealt with.
 */
export default function UserFeedbackPage() {
  const { t } = useTranslation('feedback');
  const confirm = useConfirmAction();
  const { iRoleType } = useSession();
  const [filters, setFilters] = useState<Filters>({});
  const paging = usePaging();
  const query = useFeedbackPage({ ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);
  const update = useUpdateFeedback();
  const remove = useDeleteFeedback();

  function toggleHandled(row: FeedbackDto) {
    update.mutate(
      { iFeedbackId: row.iFeedbackId, bHandled: !row.bHandled },
      { onSuccess: () => toastSuccess(t(row.bHandled ? 'done.unhandled' : 'done.handled')) },
    );
  }

  function confirmDelete(row: FeedbackDto) {
    confirm({
      title: t('delete.title'),
      content: t('delete.content', { name: row.strRealName ?? row.strUserName }),
      okText: t('actions.delete'),
      okTestId: 'feedback-delete-confirm',
      action: () => remove.mutateAsync(row.iFeedbackId),
      done: t('delete.done'),
    });
  }

  return (
    <ListPage
      filters={
        <FeedbackFilters
          onSearch={(values) => {
            setFilters(toFilters(values));
            paging.toFirstPage();
          }}
        />
      }
      query={query}
      loadError={{ title: t('loadError'), testId: 'feedback-error' }}
    >
      <FeedbackTable
        {...rows}
        showHospital={iRoleType === 1}
        savingId={update.isPending ? (update.variables?.iFeedbackId ?? null) : null}
        onToggleHandled={toggleHandled}
        onDelete={confirmDelete}
      />
    </ListPage>
  );
}
