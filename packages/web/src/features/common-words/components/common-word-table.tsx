import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CommonWordDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { editDeleteColumn } from '@/components/row-actions';
import { SCOPE_COLORS } from '../utils/scope';

interface CommonWordTableProps extends PagedRows<CommonWordDto> {
  /** Administrators' list: who the word belongs to and where. */
  withOwner: boolean;
  onEdit: (row: CommonWordDto) => void;
  onDelete: (row: CommonWordDto) => void;
}

/**
 * The words the caller manages. Rows `common-word-row-<id>`, scope tags `common-word-scope-<id>`,
 * actions `common-word-edit-<id>` and `common-word-delete-<id>`.
 */
export function CommonWordTable(props: CommonWordTableProps) {
  const { t } = useTranslation('commonWords');
  const columns: TableColumnsType<CommonWordDto> = [
    { key: 'category', title: t('fields.category'), dataIndex: 'strCategory', width: 130 },
    {
      key: 'content',
      title: t('fields.content'),
      dataIndex: 'strContent',
      render: (content: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 3, expandable: 'collapsible' }}
          style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
        >
          {content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'scope',
      title: t('fields.scope'),
      width: 140,
      render: (_, row) => (
        <Tag
          color={SCOPE_COLORS[row.ddScope.iNumber]}
          data-testid={`common-word-scope-${row.iCommonWordId}`}
        >
          {t(`scope.${row.ddScope.iNumber}`)}
        </Tag>
      ),
    },
    ...(props.withOwner
      ? [
          {
            key: 'owner',
            title: t('fields.owner'),
            width: 110,
            render: (_: unknown, row: CommonWordDto) => row.owner.strRealName,
          },
          {
            key: 'hospital',
            title: t('fields.hospital'),
            width: 180,
            render: (_: unknown, row: CommonWordDto) => row.hospital.strHospitalName,
          },
        ]
      : []),
    {
      key: 'updated',
      title: t('fields.updated'),
      dataIndex: 'dtUpdateTime',
      width: 140,
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    {
      ...editDeleteColumn<CommonWordDto>({
        title: t('actions.column'),
        labels: { edit: t('actions.edit'), delete: t('actions.delete') },
        testId: (row, action) => `common-word-${action}-${row.iCommonWordId}`,
        onEdit: props.onEdit,
        onDelete: props.onDelete,
      }),
      fixed: 'right',
    },
  ];
  return (
    <PagedTable<CommonWordDto>
      {...props}
      testId="common-word-table"
      rowKey="iCommonWordId"
      rowTestId={(row) => `common-word-row-${row.iCommonWordId}`}
      columns={columns}
      scrollX={props.withOwner ? 1080 : 860}
      texts={{
        total: (total) => t('total', { total, count: total }),
        empty: t('empty'),
        loadError: t('loadError'),
      }}
    />
  );
}
