import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OutboxMessageDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';

const STATUS_COLOR: Record<OutboxMessageDto['strStatus'], string> = {
  stored: 'blue',
  sent: 'green',
  failed: 'red',
};

/** Text messages, newest first. Rows `outbox-row-<id>`. */
export function OutboxTable(props: PagedRows<OutboxMessageDto>) {
  const { t } = useTranslation('forgotPassword');
  const columns: TableColumnsType<OutboxMessageDto> = [
    {
      key: 'time',
      title: t('outbox.columns.time'),
      dataIndex: 'dtCreateTime',
      width: 170,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      key: 'recipient',
      title: t('outbox.columns.recipient'),
      dataIndex: 'strRecipient',
      width: 140,
    },
    {
      key: 'body',
      title: t('outbox.columns.body'),
      dataIndex: 'strBody',
      // The administrator copies the code from here to pass it on.
      render: (body: string) => (
        <Typography.Text copyable data-testid="outbox-body">
          {body}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('outbox.columns.status'),
      dataIndex: 'strStatus',
      width: 110,
      render: (status: OutboxMessageDto['strStatus']) => (
        <Tag color={STATUS_COLOR[status]}>{t(`outbox.status.${status}`)}</Tag>
      ),
    },
    {
      key: 'error',
      title: t('outbox.columns.error'),
      dataIndex: 'strError',
      width: 200,
      ellipsis: true,
    },
  ];
  return (
    <PagedTable<OutboxMessageDto>
      {...props}
      testId="outbox-table"
      rowKey="iMessageId"
      rowTestId={(row) => `outbox-row-${row.iMessageId}`}
      columns={columns}
      scrollX={900}
      texts={{
        total: (total) => t('outbox.total', { total, count: total }),
        empty: t('outbox.empty'),
        loadError: t('outbox.loadError'),
      }}
    />
  );
}
