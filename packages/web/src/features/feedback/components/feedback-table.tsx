import { CheckOutlined, DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FeedbackDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { FeedbackImageButton } from './feedback-image-button';

interface FeedbackTableProps extends PagedRows<FeedbackDto> {
  /** Platform administrators see every hospital's feedback: the hospital column helps them. */
  showHospital: boolean;
  /** The row whose handled state is being saved. */
  savingId: number | null;
  onToggleHandled: (row: FeedbackDto) => void;
  onDelete: (row: FeedbackDto) => void;
}

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/**
 * Feedback list. Rows `feedback-row-<id>`; actions `feedback-handle-<id>` (mark handled or
 * unhandled), `feedback-delete-<id>`, `feedback-image-<id>`.
 */
export function FeedbackTable(props: FeedbackTableProps) {
  const { t } = useTranslation('feedback');
  const columns: TableColumnsType<FeedbackDto> = [
    {
      key: 'time',
      title: t('fields.time'),
      dataIndex: 'dtCreateTime',
      width: 130,
      render: (value: string) => time(value),
    },
    {
      key: 'sender',
      title: t('fields.sender'),
      width: 130,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.strRealName ?? row.strUserName}</span>
          <Typography.Text type="secondary">{row.strUserName}</Typography.Text>
          {row.strContact && (
            <Typography.Text type="secondary" title={t('fields.contact')}>
              {row.strContact}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    ...(props.showHospital
      ? [
          {
            key: 'hospital',
            title: t('fields.hospital'),
            dataIndex: 'strHospitalName',
            width: 150,
            render: (value: string | null) => value ?? t('platform'),
          },
        ]
      : []),
    {
      // The text and, under it, the image link: the column that needs the room gets it.
      key: 'content',
      title: t('fields.content'),
      render: (_, row) => (
        <>
          <Typography.Paragraph
            style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
            ellipsis={{ rows: 3, expandable: 'collapsible' }}
          >
            {row.strContent}
          </Typography.Paragraph>
          {row.bHasImage && <FeedbackImageButton iFeedbackId={row.iFeedbackId} />}
        </>
      ),
    },
    {
      key: 'state',
      title: t('fields.state'),
      width: 130,
      render: (_, row) =>
        row.bHandled ? (
          <Space orientation="vertical" size={0}>
            <Tag color="green" data-testid={`feedback-state-${row.iFeedbackId}`}>
              {t('state.handled')}
            </Tag>
            <Typography.Text type="secondary">
              {t('handledBy', { name: row.strHandledBy ?? '-', time: time(row.dtHandledTime) })}
            </Typography.Text>
          </Space>
        ) : (
          <Tag color="orange" data-testid={`feedback-state-${row.iFeedbackId}`}>
            {t('state.unhandled')}
          </Tag>
        ),
    },
    {
      key: 'actions',
      title: t('actions.column'),
      width: 180,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'handle',
              label: t(row.bHandled ? 'actions.markUnhandled' : 'actions.markHandled'),
              icon: row.bHandled ? <UndoOutlined /> : <CheckOutlined />,
              loading: props.savingId === row.iFeedbackId,
              testId: `feedback-handle-${row.iFeedbackId}`,
              onClick: () => props.onToggleHandled(row),
            },
            {
              key: 'delete',
              label: t('actions.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              testId: `feedback-delete-${row.iFeedbackId}`,
              onClick: () => props.onDelete(row),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <PagedTable<FeedbackDto>
      {...props}
      testId="feedback-table"
      rowKey="iFeedbackId"
      rowTestId={(row) => `feedback-row-${row.iFeedbackId}`}
      columns={columns}
      scrollX={960}
      texts={{
        total: (total) => t('total', { total, count: total }),
        empty: t('empty'),
        loadError: t('loadError'),
      }}
    />
  );
}
