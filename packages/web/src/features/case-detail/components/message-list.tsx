import { Badge, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommentThreadDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { CaseStateTag } from '@/features/cases/components/case-state-tag';
import { caseDetailHref } from '../utils/detail-tabs';

/**
 * /msglist: the caller's cases with messages, the latest conversation first, each with its latest
 * message and how many are unread; a row opens the case's messages.
 */
export function MessageList(props: PagedRows<CommentThreadDto>) {
  const { t } = useTranslation('caseDetail');
  const columns: TableColumnsType<CommentThreadDto> = [
    {
      title: t('msglist.number'),
      dataIndex: 'strDiagnosistNum',
      width: 170,
      render: (num: string, row) => (
        <Link
          to={caseDetailHref('/case/comments-info', row.iPatientId)}
          data-testid={`msglist-open-${row.iPatientId}`}
        >
          {num}
        </Link>
      ),
    },
    { title: t('msglist.name'), dataIndex: 'strPatientName', width: 120 },
    {
      title: t('msglist.state'),
      key: 'state',
      width: 100,
      render: (_, row) => <CaseStateTag state={row.ddPatientState.iNumber} />,
    },
    {
      title: t('msglist.latest'),
      key: 'latest',
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.last.strContent }} style={{ maxWidth: 420 }}>
          <Typography.Text strong>{row.last.strAuthorName}</Typography.Text>
          {t('msglist.says')}
          {row.last.strContent}
        </Typography.Text>
      ),
    },
    {
      title: t('msglist.time'),
      key: 'time',
      width: 150,
      render: (_, row) => dayjs(row.last.dtCreateTime).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('msglist.unread'),
      key: 'unread',
      width: 110,
      render: (_, row) =>
        row.iUnread > 0 ? (
          <Badge count={row.iUnread} data-testid={`msglist-unread-${row.iPatientId}`} />
        ) : (
          <Typography.Text type="secondary">
            {t('msglist.count', { count: row.iCount })}
          </Typography.Text>
        ),
    },
  ];
  return (
    <PagedTable<CommentThreadDto>
      {...props}
      testId="msglist-table"
      rowKey="iPatientId"
      rowTestId={(row) => `msglist-row-${row.iPatientId}`}
      columns={columns}
      scrollX={900}
      texts={{
        total: (total) => t('msglist.total', { total, count: total }),
        empty: t('msglist.empty'),
        loadError: t('msglist.loadError'),
      }}
    />
  );
}
