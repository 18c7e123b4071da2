import { SendOutlined, UserAddOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistributionItem } from '@pathconsult/shared';
import { ListPage } from '@/app/routes/list-page';
import { usePagedRows, usePaging } from '@/app/routes/list-state';
import { PagedTable } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { useWaitingForDistribution } from '../api/distribution';
import { toDistributionFilters, type DistributionFilters } from '../utils/filters';
import { AssignDialog } from './assign-dialog';
import { useSendingColumns } from './distribution-columns';
import { DistributionFilters as Filters } from './distribution-filters';
import { ForwardDialog } from './forward-dialog';

/**
 * /assignMent/unassigned: the cases waiting at the administrator's diagnosis centers, newest
 * sending first; each row is assigned to experts or forwarded to another center. Rows are
 * `unassigned-row-<pathology number>`.
 */
export function UnassignedList() {
  const { t } = useTranslation('distribution');
  const { t: tc } = useTranslation('cases');
  const paging = usePaging();
  const [filters, setFilters] = useState<DistributionFilters>({});
  const query = useWaitingForDistribution({ ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);
  const [assigning, setAssigning] = useState<DistributionItem | null>(null);
  const [forwarding, setForwarding] = useState<DistributionItem | null>(null);

  const sending = useSendingColumns<DistributionItem>();
  const columns: TableColumnsType<DistributionItem> = [
    ...sending.identity,
    ...sending.patient,
    ...sending.sending,
    {
      key: 'actions',
      title: tc('list.actions'),
      fixed: 'right',
      width: 240,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'assign',
              label: t('action.assign'),
              icon: <UserAddOutlined />,
              testId: `unassigned-assign-${row.strDiagnosistNum}`,
              onClick: () => setAssigning(row),
            },
            {
              key: 'forward',
              label: t('action.forward'),
              icon: <SendOutlined />,
              testId: `unassigned-forward-${row.strDiagnosistNum}`,
              onClick: () => setForwarding(row),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage
      notice={t('unassigned.notice')}
      filters={
        <Filters
          name="unassignedFilters"
          onSearch={(values) => {
            setFilters(toDistributionFilters(values));
            paging.toFirstPage();
          }}
        />
      }
      query={query}
      loadError={{ title: t('unassigned.loadError'), testId: 'unassigned-error' }}
      dialogs={
        <>
          <AssignDialog target={assigning} onClose={() => setAssigning(null)} />
          <ForwardDialog target={forwarding} onClose={() => setForwarding(null)} />
        </>
      }
    >
      <PagedTable<DistributionItem>
        {...rows}
        testId="unassigned-table"
        rowKey="iPatientReceiveId"
        rowTestId={(row) => `unassigned-row-${row.strDiagnosistNum}`}
        columns={columns}
        scrollX={1350}
        texts={{
          total: (total) => t('total', { total, count: total }),
          empty: t('unassigned.empty'),
          loadError: t('unassigned.loadError'),
        }}
      />
    </ListPage>
  );
}
