import { Empty, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { HTMLAttributes, Key, ReactNode } from 'react';
import { pageSizeOptions } from '@/lib/page-size';
import { columnsWidth } from '@/lib/table-width';

/** What every server-paged list screen passes to its table. */
export interface PagedRows<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  /** The last load failed: the empty table says so instead of "no records". */
  failed: boolean;
  onPageChange: (page: number, pageSize: number) => void;
}

interface PagedTableProps<Row> extends PagedRows<Row> {
  testId: string;
  rowKey: keyof Row & string;
  /** `data-testid` of each row, e.g. `user-row-<name>`. */
  rowTestId: (row: Row) => string;
  columns: TableColumnsType<Row>;
  /** Sideways scroll width; by default the columns' own widths added up. */
  scrollX?: number;
  texts: { total: (total: number) => string; empty: string; loadError: string };
  /**
   * Under the empty text: what the user can do about it (e.g. a filtered list that found nothing
   * offers to reset its filters).
   */
  emptyAction?: ReactNode;
  /** Checkboxes for actions on several rows at once (the screen keeps the selection). */
  rowSelection?: TableProps<Row>['rowSelection'];
}

/**
 * The table of a server-paged list (spec §9: page sizes 10/15/20/30, total shown), with its empty
 * and load-error states, so that every list screen behaves the same.
 */
export function PagedTable<Row extends object>(props: PagedTableProps<Row>) {
  return (
    <Table<Row>
      data-testid={props.testId}
      rowKey={(row) => row[props.rowKey] as Key}
      size="middle"
      columns={props.columns}
      rowSelection={props.rowSelection}
      dataSource={props.rows}
      loading={props.loading}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        pageSizeOptions,
        showSizeChanger: true,
        showTotal: props.texts.total,
        onChange: props.onPageChange,
      }}
      scroll={{ x: props.scrollX ?? columnsWidth(props.columns) }}
      onRow={(row) => ({ 'data-testid': props.rowTestId(row) }) as HTMLAttributes<HTMLElement>}
      locale={{
        emptyText: props.failed ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.texts.loadError} />
        ) : (
          <Empty description={props.texts.empty}>{props.emptyAction}</Empty>
        ),
      }}
    />
  );
}
