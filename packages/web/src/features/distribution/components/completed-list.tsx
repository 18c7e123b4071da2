import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReceiveState, type DistributedItem } from '@pathconsult/shared';
import { ListPage } from '@/app/routes/list-page';
import { usePagedRows, usePaging } from '@/app/routes/list-state';
import { PagedTable } from '@/components/paged-table';
import { useDistributed } from '../api/distribution';
import { toDistributionFilters, type DistributionFilters } from '../utils/filters';
import { useSendingColumns } from './distribution-columns';
import { DistributionFilters as Filters } from './distribution-filters';

const STATE_COLORS: Record<number, string> = {
  [ReceiveState.Waiting]: 'processing',
  [ReceiveState.Diagnosed]: 'success',
  [ReceiveState.Returned]: 'warning',
  [ReceiveState.Withdrawn]: 'default',
  // Signed, waiting for the review before release (the doctor does not have the report yet).
  [ReceiveState.Reviewing]: 'purple',
};

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

/**
 * /assignMent/completed: the cases the administrator's centers distributed — to which expert, by
 * whom and when, whether the expert opened it and how far it got. A case given to two experts
 * has two rows. Rows are `completed-row-<pathology number>-<expert>`.
 */
export function CompletedList() {
  const { t } = useTranslation('distribution');
  const paging = usePaging();
  const [filters, setFilters] = useState<DistributionFilters>({});
  const query = useDistributed({ ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);

  const sending = useSendingColumns<DistributedItem>();
  // Who got the case, from whom and when come first: they are what this list is for.
  const columns: TableColumnsType<DistributedItem> = [
    ...sending.identity,
    {
      key: 'expert',
      title: t('col.expert'),
      width: 110,
      render: (_, row) => row.expert.strRealName,
    },
    {
      key: 'distributor',
      title: t('col.distributor'),
      width: 110,
      render: (_, row) => row.distributeUser?.strRealName ?? '—',
    },
    {
      key: 'distributed',
      title: t('col.distributeTime'),
      dataIndex: 'dtDistributeTime',
      width: 150,
      render: time,
    },
    ...sending.sending,
    {
      key: 'state',
      title: t('col.state'),
      fixed: 'right',
      width: 170,
      render: (_, row) => (
        <>
          <Tag color={STATE_COLORS[row.ddReceiveState.iNumber] ?? 'default'}>
            {t(`state.${row.ddReceiveState.iNumber}`, { defaultValue: '—' })}
          </Tag>
          {row.ddReceiveState.iNumber === ReceiveState.Waiting && (
            <Tag color={row.dtViewTime ? 'green' : 'blue'}>
              {t(row.dtViewTime ? 'viewed' : 'notViewed')}
            </Tag>
          )}
        </>
      ),
    },
  ];

  return (
    <ListPage
      filters={
        <Filters
          name="completedFilters"
          onSearch={(values) => {
            setFilters(toDistributionFilters(values));
            paging.toFirstPage();
          }}
        />
      }
      query={query}
      loadError={{ title: t('completed.loadError'), testId: 'completed-error' }}
    >
      <PagedTable<DistributedItem>
        {...rows}
        testId="completed-table"
        rowKey="iPatientReceiveId"
        rowTestId={(row) => `completed-row-${row.strDiagnosistNum}-${row.expert.strRealName}`}
        columns={columns}
        scrollX={1450}
        texts={{
          total: (total) => t('total', { total, count: total }),
          empty: t('completed.empty'),
          loadError: t('completed.loadError'),
        }}
      />
    </ListPage>
  );
}
