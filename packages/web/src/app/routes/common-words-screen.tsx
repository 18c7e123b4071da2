import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommonWordDto, CommonWordQuery } from '@pathconsult/shared';
import { useCommonWordPage, useDeleteCommonWord } from '@/features/common-words/api/common-words';
import {
  CommonWordFilters,
  type CommonWordFilterValues,
} from '@/features/common-words/components/common-word-filters';
import { CommonWordFormModal } from '@/features/common-words/components/common-word-form-modal';
import { CommonWordTable } from '@/features/common-words/components/common-word-table';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

type Filters = Omit<CommonWordQuery, 'iCurPage' | 'iPageSize'>;

function toFilters(values: CommonWordFilterValues): Filters {
  const text = (value: string | undefined) => value?.trim() || undefined;
  return {
    strCategory: text(values.strCategory),
    strContent: text(values.strContent),
    iScope: values.iScope ?? undefined,
    strRealName: text(values.strRealName),
  };
}

/**
 * The common words of /admin/CommonWords (an expert's own: add, edit, delete) and
 * /CommonWordManage (administrators with "common words manage": the words of their hospitals'
 * experts, edited and deleted, never added). The server decides which words each caller gets.
 */
export function CommonWordsScreen({ mode, title }: { mode: 'own' | 'manage'; title?: ReactNode }) {
  const { t } = useTranslation('commonWords');
  const confirm = useConfirmAction();
  const [filters, setFilters] = useState<Filters>({});
  const paging = usePaging();
  const query = useCommonWordPage({ ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);
  const remove = useDeleteCommonWord();
  const [form, setForm] = useState<{ open: boolean; editing: CommonWordDto | null }>({
    open: false,
    editing: null,
  });
  const manage = mode === 'manage';

  function handleDelete(row: CommonWordDto) {
    confirm({
      title: t('deleteConfirm.title', { category: row.strCategory }),
      content: t('deleteConfirm.content'),
      okText: t('actions.delete'),
      okTestId: 'common-word-delete-confirm',
      action: () => remove.mutateAsync(row.iCommonWordId),
      done: t('deleteConfirm.done'),
    });
  }

  return (
    <ListPage
      title={title}
      notice={<Alert type="info" showIcon title={t(manage ? 'notice.manage' : 'notice.own')} />}
      filters={
        <CommonWordFilters
          withOwner={manage}
          onSearch={(values) => {
            setFilters(toFilters(values));
            paging.toFirstPage();
          }}
        />
      }
      add={{
        label: t('actions.add'),
        testId: 'common-word-add',
        onClick: () => setForm({ open: true, editing: null }),
        allowed: !manage,
      }}
      query={query}
      loadError={{ title: t('loadError'), testId: 'common-word-error' }}
      dialogs={
        <CommonWordFormModal
          open={form.open}
          editing={form.editing}
          onClose={() => setForm((f) => ({ ...f, open: false }))}
        />
      }
    >
      <CommonWordTable
        {...rows}
        withOwner={manage}
        onEdit={(row) => setForm({ open: true, editing: row })}
        onDelete={handleDelete}
      />
    </ListPage>
  );
}
