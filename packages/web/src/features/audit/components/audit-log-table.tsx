import { Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AuditLogDto } from '@pathconsult/shared';
import { pageSizeOptions } from '@/lib/page-size';

const OUTCOME_COLOR: Record<AuditLogDto['strOutcome'], string> = {
  success: 'green',
  failure: 'orange',
  denied: 'red',
};

interface AuditLogTableProps {
  rows: AuditLogDto[];
  total: number;
  /** The server stopped counting at `total`: more records match. */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  loading: boolean;
  onPageChange: (page: number, pageSize: number) => void;
}

/** The audit records; times arrive in UTC and are shown in the browser's local time. */
export function AuditLogTable(props: AuditLogTableProps) {
  const { t } = useTranslation(['audit', 'common']);
  const columns: TableColumnsType<AuditLogDto> = [
    {
      key: 'time',
      title: t('columns.time'),
      dataIndex: 'dtCreateTime',
      width: 180,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
    },
    { key: 'user', title: t('columns.user'), dataIndex: 'strUserName', width: 140 },
    {
      key: 'role',
      title: t('columns.role'),
      dataIndex: 'iRoleType',
      width: 180,
      render: (role: number | null) => (role ? t(`role.${role}`, { ns: 'common' }) : ''),
    },
    {
      key: 'action',
      title: t('columns.action'),
      dataIndex: 'strAction',
      // Known calls get a readable name; the call itself stays beside it for filtering.
      render: (action: string) => {
        const label = t(`actions.${action}`, { defaultValue: '' });
        return label ? (
          <span>
            {label} <Typography.Text type="secondary">{action}</Typography.Text>
          </span>
        ) : (
          action
        );
      },
    },
    {
      key: 'target',
      title: t('columns.target'),
      render: (_, row) => [row.strTargetType, row.strTargetId].filter(Boolean).join(' #'),
    },
    {
      key: 'outcome',
      title: t('columns.outcome'),
      dataIndex: 'strOutcome',
      width: 100,
      render: (outcome: AuditLogDto['strOutcome']) => (
        <Tag color={OUTCOME_COLOR[outcome]}>{t(`outcome.${outcome}`)}</Tag>
      ),
    },
    { key: 'ip', title: t('columns.ip'), dataIndex: 'strIp', width: 140 },
    {
      key: 'detail',
      title: t('columns.detail'),
      dataIndex: 'objDetail',
      ellipsis: true,
      render: (detail: AuditLogDto['objDetail']) =>
        detail ? (
          <Typography.Text code ellipsis={{ tooltip: JSON.stringify(detail, null, 2) }}>
            {JSON.stringify(detail)}
          </Typography.Text>
        ) : null,
    },
  ];
  const pagination: TablePaginationConfig = {
    current: props.page,
    pageSize: props.pageSize,
    total: props.total,
    pageSizeOptions,
    showSizeChanger: true,
    showTotal: (total) => t(props.totalCapped ? 'totalCapped' : 'total', { total, count: total }),
    onChange: props.onPageChange,
  };
  return (
    <Table<AuditLogDto>
      data-testid="audit-log-table"
      rowKey="iAuditLogId"
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      pagination={pagination}
      scroll={{ x: 1100 }}
      locale={{ emptyText: <Empty description={t('empty')} /> }}
    />
  );
}
