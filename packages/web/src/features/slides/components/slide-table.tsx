import { AimOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideDocumentDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { useSession } from '@/lib/use-session';
import { formatBytes } from '../utils/format-bytes';
import { slideRowActions, type SlideListMode, type SlideRowAction } from '../utils/slide-actions';
import { MatchCell, UploadStateTag } from './slide-tags';

interface SlideTableProps extends PagedRows<SlideDocumentDto> {
  mode: SlideListMode;
  onAction: (action: SlideRowAction, row: SlideDocumentDto) => void;
  /** The row action under way (its button spins). */
  busy: { action: SlideRowAction; id: number } | null;
  rowSelection?: TableProps<SlideDocumentDto>['rowSelection'];
}

const ICONS: Record<SlideRowAction, ReactNode> = {
  rename: <EditOutlined />,
  match: <AimOutlined />,
  delete: <DeleteOutlined />,
};

const time = (value: string | null) =>
  value ? (
    dayjs(value).format('YYYY-MM-DD HH:mm')
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

/**
 * A slide list. Rows are `slide-row-<file name>`, actions `slide-<action>-<file name>`. The
 * hospital shows in the administrators' lists, who removed a slide and when in the removed list.
 */
export function SlideTable(props: SlideTableProps) {
  const { t } = useTranslation('slides');
  const { iUserId } = useSession();
  const { mode } = props;
  const columns: TableColumnsType<SlideDocumentDto> = [
    {
      key: 'name',
      title: t('fields.fileName'),
      fixed: 'left',
      width: 220,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{row.strFileName}</Typography.Text>
          {row.strOriginalName !== row.strFileName && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('fields.originalName')}: {row.strOriginalName}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { key: 'number', title: t('fields.number'), dataIndex: 'strDiagnosistNum', width: 150 },
    {
      key: 'patient',
      title: t('fields.patient'),
      width: 130,
      render: (_, row) => <MatchCell slide={row} />,
    },
    {
      key: 'size',
      title: t('fields.size'),
      width: 100,
      render: (_, row) => formatBytes(row.lSize),
    },
    {
      key: 'format',
      title: t('fields.format'),
      width: 80,
      render: (_, row) => row.strFileType.toUpperCase(),
    },
    {
      key: 'state',
      title: t('fields.uploadState'),
      width: 130,
      render: (_, row) => <UploadStateTag slide={row} />,
    },
    { key: 'uploader', title: t('fields.uploader'), dataIndex: 'strUploadUserName', width: 110 },
    ...(mode === 'doctor'
      ? []
      : [
          {
            key: 'hospital',
            title: t('fields.hospital'),
            dataIndex: 'strHospitalName',
            width: 180,
          },
        ]),
    {
      key: 'uploaded',
      title: t('fields.uploadTime'),
      width: 150,
      render: (_, row) => time(row.dtUploadTime),
    },
    ...(mode === 'removed'
      ? [
          {
            key: 'removed',
            title: t('fields.removeTime'),
            width: 150,
            render: (_: unknown, row: SlideDocumentDto) => time(row.dtDeleteTime),
          },
          {
            key: 'remover',
            title: t('fields.remover'),
            width: 110,
            render: (_: unknown, row: SlideDocumentDto) => row.strDeleteUserName ?? '—',
          },
        ]
      : [
          {
            key: 'actions',
            title: t('actions.column'),
            fixed: 'right' as const,
            width: 230,
            render: (_: unknown, row: SlideDocumentDto) => (
              <RowActions
                actions={slideRowActions(row, mode, iUserId).map((action) => ({
                  key: action,
                  label: t(`actions.${action}`),
                  icon: ICONS[action],
                  danger: action === 'delete',
                  loading: props.busy?.action === action && props.busy.id === row.iSlideDocumentId,
                  testId: `slide-${action}-${row.strFileName}`,
                  onClick: () => props.onAction(action, row),
                }))}
              />
            ),
          },
        ]),
  ];
  const shown = mode === 'removed' ? removalLogColumns(columns) : columns;
  const scrollX = shown.reduce((sum, c) => sum + Number(c.width ?? 0), 0);
  return (
    <PagedTable<SlideDocumentDto>
      {...props}
      testId="slide-table"
      rowKey="iSlideDocumentId"
      rowTestId={(row) => `slide-row-${row.strFileName}`}
      columns={shown}
      scrollX={scrollX}
      texts={{
        total: (total) => t('list.total', { total }),
        empty: t(mode === 'removed' ? 'list.emptyRemoved' : 'list.empty'),
        loadError: t('list.loadError'),
      }}
    />
  );
}

/**
 * The removal log's columns: when and by whom first; a removed slide has no case and no upload
 * state any more (they would only say "unmatched", "uploaded").
 */
function removalLogColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const first = ['name', 'number', 'removed', 'remover'];
  const rank = (key: unknown) => {
    const at = first.indexOf(String(key));
    return at < 0 ? first.length : at;
  };
  return columns
    .filter((c) => c.key !== 'patient' && c.key !== 'state')
    .sort((a, b) => rank(a.key) - rank(b.key));
}
