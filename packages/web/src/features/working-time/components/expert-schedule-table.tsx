import { CalendarOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkingTimeRow } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { WorkingTimeSummary } from './working-time-summary';

interface ExpertScheduleTableProps extends PagedRows<WorkingTimeRow> {
  onEdit: (row: WorkingTimeRow) => void;
}

/**
 * Experts with their weeks. Rows `schedule-row-<userName>`; the week `schedule-week-<userName>`;
 * the edit button `schedule-edit-<userName>`.
 */
export function ExpertScheduleTable(props: ExpertScheduleTableProps) {
  const { t } = useTranslation('workingTime');
  const columns: TableColumnsType<WorkingTimeRow> = [
    { key: 'realName', title: t('fields.realName'), dataIndex: 'strRealName', width: 140 },
    { key: 'userName', title: t('fields.userName'), dataIndex: 'strUserName', width: 150 },
    {
      key: 'hospital',
      title: t('fields.hospital'),
      width: 220,
      render: (_, row) => row.hospital?.strHospitalName ?? '—',
    },
    {
      key: 'week',
      title: t('fields.week'),
      render: (_, row) => (
        <WorkingTimeSummary slots={row.listSlot} testId={`schedule-week-${row.strUserName}`} />
      ),
    },
    {
      key: 'actions',
      title: t('actions.column'),
      fixed: 'right',
      width: 110,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: t('actions.edit'),
              icon: <CalendarOutlined />,
              testId: `schedule-edit-${row.strUserName}`,
              onClick: () => props.onEdit(row),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <PagedTable<WorkingTimeRow>
      {...props}
      testId="schedule-table"
      rowKey="iUserId"
      rowTestId={(row) => `schedule-row-${row.strUserName}`}
      columns={columns}
      scrollX={900}
      texts={{
        total: (total) => t('list.total', { total, count: total }),
        empty: t('list.empty'),
        loadError: t('list.loadError'),
      }}
    />
  );
}
