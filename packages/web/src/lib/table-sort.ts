import type { TableColumnType } from 'antd';

/**
 * Server-sorted tables. A sort is a column's key and a direction, as the API takes it
 * ('numAsc', 'createdDesc'); the table only shows the order and reports clicks on headers.
 */
type Direction = 'Asc' | 'Desc';

const columnOf = (sort: string) => sort.replace(/(Asc|Desc)$/, '');

/**
 * The sort after a click on `column`'s header. The default order's column (the time a list
 * opens on) toggles between its two directions; any other goes ascending, descending, then back
 * to the default order, as antd's own three-state sorters do.
 */
export function nextSort<S extends string>(current: S, column: string, fallback: S): S {
  const to = (direction: Direction) => `${column}${direction}` as S;
  if (column === columnOf(fallback)) {
    return current === to('Desc') ? to('Asc') : to('Desc');
  }
  if (current === to('Asc')) {
    return to('Desc');
  }
  return current === to('Desc') ? fallback : to('Asc');
}

/** The arrow `column`'s header shows under `sort`. */
export function sortOrderOf(sort: string, column: string): 'ascend' | 'descend' | null {
  if (sort === `${column}Asc`) {
    return 'ascend';
  }
  return sort === `${column}Desc` ? 'descend' : null;
}

/**
 * A column's sorting props: its arrow, and a click or Enter on its header (antd makes a sortable
 * header focusable) reported to `onSort`.
 */
export function sortableColumn<Row, Column extends string>(
  sort: string,
  column: Column,
  onSort: (column: Column) => void,
): Partial<TableColumnType<Row>> {
  return {
    sorter: true,
    sortOrder: sortOrderOf(sort, column),
    showSorterTooltip: false,
    onHeaderCell: () => ({
      onClick: () => onSort(column),
      onKeyDown: (event) => {
        if (event.key === 'Enter') {
          onSort(column);
        }
      },
    }),
  };
}
