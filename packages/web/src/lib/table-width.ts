import type { TableColumnsType } from 'antd';

/**
 * The width a table's columns take side by side, for `scroll.x`. A scroll width below this sum
 * lets the fixed right column cover the last columns before it (the case list hid its doctor
 * column so), and one above it leaves the table scrolling sideways for nothing.
 */
export function columnsWidth<Row>(columns: TableColumnsType<Row>): number {
  return columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);
}
