import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useUsableCategories,
  useUsableCommonWords,
} from '@/features/common-words/api/common-words';
import {
  UsableWordFilters,
  type UsableWordFilterValues,
} from '@/features/common-words/components/usable-word-filters';
import { UsableWordTable } from '@/features/common-words/components/usable-word-table';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

/**
 * The "available to me" view of /admin/CommonWords: every word the expert may insert into a
 * diagnosis — their own, the shared ones, their hospital's institution-shared ones — read-only.
 */
export function UsableWordsList({ title }: { title: ReactNode }) {
  const { t } = useTranslation('commonWords');
  const [filters, setFilters] = useState<UsableWordFilterValues>({});
  const paging = usePaging();
  const query = useUsableCommonWords({ ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);
  const categories = useUsableCategories();
  return (
    <ListPage
      title={title}
      notice={<Alert type="info" showIcon title={t('notice.usable')} />}
      filters={
        <UsableWordFilters
          categories={categories.data ?? []}
          categoriesLoading={categories.isLoading}
          onSearch={(values) => {
            setFilters({
              strCategory: values.strCategory ?? undefined,
              strKeyword: values.strKeyword?.trim() || undefined,
            });
            paging.toFirstPage();
          }}
        />
      }
      query={query}
      loadError={{ title: t('loadError'), testId: 'usable-word-error' }}
    >
      <UsableWordTable {...rows} />
    </ListPage>
  );
}
