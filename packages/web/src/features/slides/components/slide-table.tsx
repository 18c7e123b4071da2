import { AimOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideDocumentDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { useSession } from '@/lib/use-session';
import { columnsWidth } from '@/lib/table-width';
import { formatBytes } from '../utils/format-bytes';
import { formatAndPower, isViewable } from '../utils/slide-facts';
import { SlideFileName } from './slide-file-name';
import { SlideThumbnail } from './slide-thumbnail';
import {
  lockedRowAction,
  slideRowActions,
  type SlideListMode,
  type SlideRowAction,
} from '../utils/slide-actions';
import { MatchCell, UploadStateTag } from './slide-tags';

interface SlideTableProps extends PagedRows<SlideDocumentDto> {
  mode: SlideListMode;
  onAction: (action: SlideRowAction, row: SlideDocumentDto) => void;
  /** The row action under way (its button spins). */
  busy: { action: SlideRowAction; id: number } | null;
  rowSelection?: TableProps<SlideDocumentDto>['rowSelection'];
}

const ICONS: Record<SlideRowAction, ReactNode> = {
  view: <EyeOutlined />,
  rename: <EditOutlined />,
  match: <AimOutlined />,
  delete: <DeleteOutlined />,
};

/**
 * The name column's least width, below which the table scrolls sideways. Wider screens give it
 * what the other columns leave: at 1440 px its three lines hold a scanner's long names whole
 * (CMU-1-Small-Region-second-scan-2026-11-27-block-A3.svs).
 */
const NAME_MIN_WIDTH = 200;
/** Lines a long name may take: as many as the number, patient and hospital beside it. */
const NAME_LINES = 3;

const time = (value: string | null) =>
  value ? (
    dayjs(value).format('YYYY-MM-DD HH:mm')
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

/** A second line under a cell's value: small, grey, one line (whole on hover). */
const secondary = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: text }}>
    {text}
  </Typography.Text>
);

/**
 * A slide list. Rows are `slide-row-<file name>`, actions `slide-<action>-<file name>`. Related
 * facts share a column (number and case, size and format, upload time and uploader), so that the
 * list fits a laptop screen beside the menu without hiding columns behind the fixed actions. The
 * administrators' lists add the hospital under the case; the removed list says who removed a
 * slide and when, and leaves out what a removed slide no longer has (thumbnail, case, state).
 */
export function SlideTable(props: SlideTableProps) {
  const { t } = useTranslation('slides');
  const { iUserId } = useSession();
  const { mode } = props;
  const removed = mode === 'removed';
  const onView = (row: SlideDocumentDto) => props.onAction('view', row);
  const columns: TableColumnsType<SlideDocumentDto> = [
    ...(removed
      ? []
      : [
          {
            key: 'thumbnail',
            title: t('fields.thumbnail'),
            fixed: 'left' as const,
            width: 100,
            render: (_: unknown, row: SlideDocumentDto) => (
              <SlideThumbnail slide={row} onOpen={isViewable(row) ? () => onView(row) : null} />
            ),
          },
        ]),
    {
      key: 'name',
      title: t('fields.fileName'),
      fixed: 'left',
      // No width of its own: the name takes what the other columns leave (NAME_MIN_WIDTH at
      // least), and wraps or is cut in its middle only when that is not enough.
      render: (_, row) => (
        <Flex vertical>
          <SlideFileName name={row.strFileName} lines={NAME_LINES} strong />
          {row.strOriginalName !== row.strFileName &&
            secondary(t('fields.originalNameValue', { name: row.strOriginalName }))}
        </Flex>
      ),
    },
    {
      key: 'number',
      title: t(removed ? 'fields.number' : 'fields.numberAndCase'),
      width: mode === 'admin' ? 170 : 140,
      render: (_, row) => (
        <Flex vertical align="start">
          <span>{row.strDiagnosistNum}</span>
          {!removed && <MatchCell slide={row} />}
          {mode !== 'doctor' && secondary(row.strHospitalName)}
        </Flex>
      ),
    },
    {
      key: 'size',
      title: t('fields.sizeAndFormat'),
      width: 110,
      render: (_, row) => (
        <Flex vertical>
          <span>{formatBytes(row.lSize)}</span>
          {secondary(formatAndPower(row))}
        </Flex>
      ),
    },
    ...(removed
      ? []
      : [
          {
            key: 'state',
            title: t('fields.uploadState'),
            width: 130,
            render: (_: unknown, row: SlideDocumentDto) => <UploadStateTag slide={row} />,
          },
        ]),
    {
      key: 'uploaded',
      title: t('fields.uploaded'),
      width: 150,
      render: (_, row) => (
        <Flex vertical>
          <span>{time(row.dtUploadTime)}</span>
          {secondary(row.strUploadUserName)}
        </Flex>
      ),
    },
    ...(removed
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
            // Two buttons a line: the row is as tall as a long name's lines anyway, and the
            // name column gets the width a single line of four would take.
            width: 190,
            render: (_: unknown, row: SlideDocumentDto) => (
              <RowActions
                wrap
                actions={slideRowActions(row, mode, iUserId).map((action) => ({
                  key: action,
                  label: t(`actions.${action}`),
                  icon: ICONS[action],
                  danger: action === 'delete',
                  disabled: lockedRowAction(row, action),
                  tooltip: lockedRowAction(row, action) ? t('actions.locked') : undefined,
                  loading: props.busy?.action === action && props.busy.id === row.iSlideDocumentId,
                  testId: `slide-${action}-${row.strFileName}`,
                  onClick: () => props.onAction(action, row),
                }))}
              />
            ),
          },
        ]),
  ];
  const shown = removed ? removalLogColumns(columns) : columns;
  // Sideways scrolling only once the name column is down to its least width.
  const scrollX = columnsWidth(shown) + NAME_MIN_WIDTH;
  return (
    <PagedTable<SlideDocumentDto>
      {...props}
      testId="slide-table"
      rowKey="iSlideDocumentId"
      rowTestId={(row) => `slide-row-${row.strFileName}`}
      columns={shown}
      scrollX={scrollX}
      texts={{
        total: (total) => t('list.total', { total, count: total }),
        empty: t(removed ? 'list.emptyRemoved' : 'list.empty'),
        loadError: t('list.loadError'),
      }}
    />
  );
}

/** The removal log's columns: when and by whom first. */
function removalLogColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const first = ['name', 'number', 'removed', 'remover'];
  const rank = (key: unknown) => {
    const at = first.indexOf(String(key));
    return at < 0 ? first.length : at;
  };
  return [...columns].sort((a, b) => rank(a.key) - rank(b.key));
}
