import { DeleteOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UpgradeNoticeDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { noticeStatus } from '../utils/notices';

interface NoticeTableProps extends PagedRows<UpgradeNoticeDto> {
  onDelete: (row: UpgradeNoticeDto) => void;
}

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const STATUS_COLORS = { upcoming: 'blue', ongoing: 'orange', ended: 'default' } as const;

/** Published notices. Rows `notice-row-<id>`; action `notice-delete-<id>`. */
export function NoticeTable(props: NoticeTableProps) {
  const { t } = useTranslation('upgradeNotice');
  const now = new Date();
  const columns: TableColumnsType<UpgradeNoticeDto> = [
    { key: 'platform', title: t('fields.platform'), dataIndex: 'strPlatformName', width: 180 },
    {
      key: 'start',
      title: t('fields.start'),
      dataIndex: 'strStartTime',
      width: 150,
      render: time,
    },
    { key: 'end', title: t('fields.end'), dataIndex: 'strEndTime', width: 150, render: time },
    {
      key: 'status',
      title: t('fields.status'),
      width: 100,
      render: (_, row) => {
        const status = noticeStatus(row, now);
        return <Tag color={STATUS_COLORS[status]}>{t(`status.${status}`)}</Tag>;
      },
    },
    { key: 'content', title: t('fields.content'), dataIndex: 'strContent' },
    { key: 'by', title: t('fields.createdBy'), dataIndex: 'strCreatedBy', width: 120 },
    {
      key: 'created',
      title: t('fields.created'),
      dataIndex: 'dtCreateTime',
      width: 150,
      render: time,
    },
    {
      key: 'actions',
      title: t('actions.column'),
      width: 100,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'delete',
              label: t('actions.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              testId: `notice-delete-${row.iNoticeId}`,
              onClick: () => props.onDelete(row),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <PagedTable<UpgradeNoticeDto>
      {...props}
      testId="notice-table"
      rowKey="iNoticeId"
      rowTestId={(row) => `notice-row-${row.iNoticeId}`}
      columns={columns}
      scrollX={1100}
      texts={{
        total: (total) => t('total', { total, count: total }),
        empty: t('empty'),
        loadError: t('loadError'),
      }}
    />
  );
}
