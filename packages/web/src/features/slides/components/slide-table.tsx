import { AimOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CaseVariant,
  SlideUploadState,
  type SlideDocumentDto,
  type SlideSort,
} from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { useCaseVariant } from '@/features/cases/api/case-variant';
import { ContinueUploadButton } from '@/features/slide-upload/components/continue-upload-button';
import { useCompactTable } from '@/lib/use-compact-table';
import { useSession } from '@/lib/use-session';
import { columnsWidth } from '@/lib/table-width';
import { sortableColumn } from '@/lib/table-sort';
import { formatBytes } from '../utils/format-bytes';
import { formatAndPower, isViewable, slideTime } from '../utils/slide-facts';
import { slideColumns, type SlideColumn, type SlideSortColumn } from '../utils/slide-columns';
import { SlideFactLines } from './slide-fact-lines';
import { SlideFileName } from './slide-file-name';
import { SlideThumbnail } from './slide-thumbnail';
import {
  rowActionBlock,
  type RowActionBlock,
  slideRowActions,
  type SlideListMode,
  type SlideRowAction,
} from '../utils/slide-actions';
import { MatchCell, UploadStateTag } from './slide-tags';

interface SlideTableProps extends PagedRows<SlideDocumentDto> {
  mode: SlideListMode;
  /** The list holds several hospitals' slides: each row names its hospital. */
  showHospital: boolean;
  /** Filters narrow the list: an empty one says nothing matches and offers to reset them. */
  filtered: boolean;
  onResetFilters: () => void;
  onAction: (action: SlideRowAction, row: SlideDocumentDto) => void;
  /**
   * Opens the queue to continue the caller's own interrupted upload, and says whether it did;
   * absent where the caller does not upload (administrators' lists).
   */
  onContinue?: (row: SlideDocumentDto) => Promise<boolean>;
  /** The row action under way (its button spins). */
  busy: { action: SlideRowAction; id: number } | null;
  rowSelection?: TableProps<SlideDocumentDto>['rowSelection'];
  /** The server's order, and a click on a sortable header (name, number, size, time). */
  sort: SlideSort;
  onSort: (column: SlideSortColumn) => void;
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
 * (CMU-1-Small-Region-second-scan-2026-11-27-block-A3.svs). Narrow, beside the thumbnail and the
 * checkbox on a 360 px phone.
 */
const NAME_MIN_WIDTH = { wide: 200, compact: 160 };
/**
 * Lines a long name may take: as many as the number, patient and hospital beside it; narrow, one
 * more (the row is as tall as its facts and actions anyway, and a phone has no hover to show the
 * whole name).
 */
const NAME_LINES = { wide: 3, compact: 4 };
/** What the narrow table writes under a file name, as the wide one's size and upload columns. */
const COMPACT_FACTS = ['size', 'uploaded'] as const;

const small = { fontSize: 12 };

const time = (value: string | null) =>
  value ? slideTime(value) : <Typography.Text type="secondary">—</Typography.Text>;

/** A second line under a cell's value: small, grey, one line (whole on hover). */
const secondary = (text: string) => (
  <Typography.Text type="secondary" style={small} ellipsis={{ tooltip: text }}>
    {text}
  </Typography.Text>
);

/*
 * The same line wrapped, anywhere, as the file name above it is: where the name column has no
 * width of its own (narrow) a one-line ellipsis does not cut, it widens the column by the whole
 * text (an auto-laid-out table gives a cell its content's least width), and a long upload name
 * pushed the table past a phone's screen. A hospital's name wraps so too, wide or narrow: its
 * end is what tells hospitals of one city apart.
 */
const WRAPPING = { ...small, display: 'block', overflowWrap: 'anywhere' } as const;
const wrappingSecondary = (text: string) => (
  <Typography.Text type="secondary" style={WRAPPING}>
    {text}
  </Typography.Text>
);

/**
 * A slide list. Rows are `slide-row-<file name>`, actions `slide-<action>-<file name>`. Related
 * facts share a column (number and case, size and format, upload time and uploader), so that the
 * list fits a laptop screen beside the menu without hiding columns behind the fixed actions. The
 * lists of several hospitals' slides add the hospital under the case; the removed list says who removed a
 * slide and when, and leaves out what a removed slide no longer has (thumbnail, state) but keeps the patient of
 * the case it was in (the list is searched by it).
 * On a narrow screen (below 1200 px) all of it, actions included, sits under the file name
 * (utils/slide-columns.ts), each fact whole, so that a phone shows it without scrolling sideways.
 */
export function SlideTable(props: SlideTableProps) {
  const { t } = useTranslation('slides');
  const vet = useCaseVariant() === CaseVariant.Veterinary;
  const { iUserId } = useSession();
  const compact = useCompactTable();
  const layout = compact ? 'compact' : 'wide';
  const { mode } = props;
  const removed = mode === 'removed';
  const onView = (row: SlideDocumentDto) => props.onAction('view', row);
  const sortable = (column: SlideSortColumn) =>
    sortableColumn<SlideDocumentDto, SlideSortColumn>(props.sort, column, props.onSort);

  const number = (row: SlideDocumentDto) => (
    <>
      <span data-testid={`slide-number-${row.strFileName}`}>{row.strDiagnosistNum}</span>
      {/* A removed slide keeps the case it was in: the removal log is searched by its patient. */}
      {(!removed || row.iPatientId !== null) && <MatchCell slide={row} />}
    </>
  );

  /**
   * A removed slide that was never whole says so beside its size: its row read like a stored
   * slide of that size. A failed one keeps its state's tag.
   */
  const notWhenRemoved = (row: SlideDocumentDto) => {
    const state = row.ddUploadState.iNumber;
    if (!removed || state === SlideUploadState.Uploaded) {
      return null;
    }
    return (
      <div>
        {state === SlideUploadState.Uploading ? (
          <Tag
            style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
            data-testid={`slide-removed-unfinished-${row.strFileName}`}
          >
            {/* How far it got is not kept: its received chunks went with it. */}
            {t('fields.removedUnfinished')}
          </Tag>
        ) : (
          <UploadStateTag slide={row} />
        )}
      </div>
    );
  };

  const blockText = (block: RowActionBlock | null) =>
    block === null ? undefined : t(`actions.${block}`);

  const { onContinue } = props;
  const actions = (row: SlideDocumentDto) => (
    <Flex wrap>
      {onContinue && (
        <ContinueUploadButton
          slide={row}
          // A slide of a submitted case takes no more of its upload (as in the case's tab).
          mine={row.iUploadUserId === iUserId && !row.bCaseLocked}
          onContinue={() => onContinue(row)}
          testIdPrefix="slide"
        />
      )}
      <RowActions
        wrap
        actions={slideRowActions(row, mode, iUserId).map((action) => ({
          key: action,
          label: t(`actions.${action}`),
          icon: ICONS[action],
          danger: action === 'delete',
          disabled: rowActionBlock(row, action, mode, iUserId) !== null,
          tooltip: blockText(rowActionBlock(row, action, mode, iUserId)),
          loading: props.busy?.action === action && props.busy.id === row.iSlideDocumentId,
          testId: `slide-${action}-${row.strFileName}`,
          onClick: () => props.onAction(action, row),
        }))}
      />
    </Flex>
  );

  /** Narrow: the other columns' facts and the actions, under the name. */
  const compactDetails = (row: SlideDocumentDto) => (
    <>
      <Flex wrap gap="0 8px" align="center">
        {number(row)}
      </Flex>
      {props.showHospital && wrappingSecondary(row.strHospitalName)}
      {/* In a div: the tag keeps its own width instead of stretching across the cell. */}
      {removed ? (
        notWhenRemoved(row)
      ) : (
        <div>
          <UploadStateTag slide={row} />
        </div>
      )}
      <SlideFactLines
        slide={row}
        facts={COMPACT_FACTS}
        testId="slide"
        extra={
          removed && (
            <Typography.Text
              type="secondary"
              style={small}
              data-testid={`slide-removed-${row.strFileName}`}
            >
              {t('fields.removedValue', {
                time: row.dtDeleteTime ? slideTime(row.dtDeleteTime) : '—',
                name: row.strDeleteUserName ?? '—',
              })}
            </Typography.Text>
          )
        }
      />
      {!removed && actions(row)}
    </>
  );

  const byKey: Record<SlideColumn, TableColumnType<SlideDocumentDto>> = {
    thumbnail: {
      key: 'thumbnail',
      title: t('fields.thumbnail'),
      fixed: compact ? undefined : 'left',
      width: 100,
      render: (_, row) => (
        <SlideThumbnail slide={row} onOpen={isViewable(row) ? () => onView(row) : null} />
      ),
    },
    name: {
      key: 'name',
      title: t(compact ? 'fields.fileNameDetails' : 'fields.fileName'),
      fixed: compact ? undefined : 'left',
      ...sortable('name'),
      // No width of its own: the name takes what the other columns leave (NAME_MIN_WIDTH at
      // least), and wraps or is cut in its middle only when that is not enough.
      render: (_, row) => (
        <Flex vertical gap={compact ? 4 : 0}>
          <SlideFileName name={row.strFileName} lines={NAME_LINES[layout]} strong />
          {row.strOriginalName !== row.strFileName &&
            (compact ? wrappingSecondary : secondary)(
              t('fields.originalNameValue', { name: row.strOriginalName }),
            )}
          {compact && compactDetails(row)}
        </Flex>
      ),
    },
    number: {
      key: 'number',
      // A veterinary deployment's cases are of pets: the name under the number is the pet's.
      title: t(vet ? 'fields.numberAndPet' : 'fields.numberAndCase'),
      // The hospital's name under the number was cut after a few letters at 170 px.
      width: props.showHospital ? (removed ? 230 : 200) : 140,
      ...sortable('num'),
      render: (_, row) => (
        <Flex vertical align="start">
          {number(row)}
          {/* Whole, on as many lines as it takes: hospital names share their first words
              ("…人民医院", "…Demo Applicant Hospital") and an ellipsis left them alike. */}
          {props.showHospital && wrappingSecondary(row.strHospitalName)}
        </Flex>
      ),
    },
    size: {
      key: 'size',
      title: t('fields.sizeAndFormat'),
      // The removed list has room (no thumbnail, state or actions): a failed slide's reason
      // there was cut after three lines of a narrow column, beside a half-empty name column.
      width: removed ? 220 : 110,
      ...sortable('size'),
      render: (_, row) => (
        <Flex vertical>
          <span>{formatBytes(row.lSize)}</span>
          {secondary(formatAndPower(row))}
          {notWhenRemoved(row)}
        </Flex>
      ),
    },
    state: {
      key: 'state',
      title: t('fields.uploadState'),
      width: 130,
      render: (_, row) => <UploadStateTag slide={row} />,
    },
    uploaded: {
      key: 'uploaded',
      title: t('fields.uploaded'),
      width: 150,
      // The removal log's time is that of removal (its own column).
      ...(removed ? {} : sortable('time')),
      render: (_, row) => (
        <Flex vertical>
          <span>{time(row.dtUploadTime)}</span>
          {secondary(row.strUploadUserName)}
        </Flex>
      ),
    },
    removed: {
      key: 'removed',
      title: t('fields.removeTime'),
      width: 150,
      ...sortable('time'),
      render: (_, row) => time(row.dtDeleteTime),
    },
    remover: {
      key: 'remover',
      title: t('fields.remover'),
      width: 110,
      render: (_, row) => row.strDeleteUserName ?? '—',
    },
    actions: {
      key: 'actions',
      title: t('actions.column'),
      fixed: 'right',
      // Two buttons a line: the row is as tall as a long name's lines anyway, and the name
      // column gets the width a single line of four would take.
      width: 190,
      render: (_, row) => actions(row),
    },
  };
  const columns = slideColumns(mode, compact).map((key) => byKey[key]);
  // Sideways scrolling only once the name column is down to its least width.
  const scrollX = columnsWidth(columns) + NAME_MIN_WIDTH[layout];
  return (
    <PagedTable<SlideDocumentDto>
      {...props}
      testId="slide-table"
      rowKey="iSlideDocumentId"
      rowTestId={(row) => `slide-row-${row.strFileName}`}
      columns={columns}
      scrollX={scrollX}
      texts={{
        total: (total) => t('list.total', { total, count: total }),
        empty: t(
          props.filtered ? 'list.emptyFiltered' : removed ? 'list.emptyRemoved' : 'list.empty',
        ),
        loadError: t('list.loadError'),
      }}
      emptyAction={
        props.filtered && (
          <Button type="link" data-testid="slide-reset-filters" onClick={props.onResetFilters}>
            {t('list.resetFilters')}
          </Button>
        )
      }
    />
  );
}
