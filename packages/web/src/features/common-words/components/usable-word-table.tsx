import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommonWordDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { SCOPE_COLORS } from '../utils/scope';

/**
 * The words an expert may insert, read-only: their own and those others share with them. Rows
 * `usable-word-row-<id>`.
 */
export function UsableWordTable(props: PagedRows<CommonWordDto>) {
  const { t } = useTranslation('commonWords');
  const columns: TableColumnsType<CommonWordDto> = [
    { key: 'category', title: t('fields.category'), dataIndex: 'strCategory', width: 140 },
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
      width: 130,
      render: (_, row) => (
        <Tag color={SCOPE_COLORS[row.ddScope.iNumber]}>{t(`scope.${row.ddScope.iNumber}`)}</Tag>
      ),
    },
    {
      key: 'owner',
      title: t('fields.owner'),
      width: 220,
      render: (_, row) =>
        row.bMine ? (
          <Tag color="gold">{t('picker.mine')}</Tag>
        ) : (
          <>
            {row.owner.strRealName}
            <Typography.Text type="secondary"> · {row.hospital.strHospitalName}</Typography.Text>
          </>
        ),
    },
  ];
  return (
    <PagedTable<CommonWordDto>
      {...props}
      testId="usable-word-table"
      rowKey="iCommonWordId"
      rowTestId={(row) => `usable-word-row-${row.iCommonWordId}`}
      columns={columns}
      scrollX={900}
      texts={{
        total: (total) => t('total', { total, count: total }),
        empty: t('picker.empty'),
        loadError: t('loadError'),
      }}
    />
  );
}
