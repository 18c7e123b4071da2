import { Table } from 'antd';
import type { ExpertPickItem, ExpertPickPage } from '@pathconsult/shared';
import { PICKER_PAGE_SIZE, PICKER_SCROLL_Y, useExpertColumns } from './expert-columns';

interface SingleExpertTableProps {
  /** The page of experts on offer (a picker query's data) and whether it is loading. */
  page: ExpertPickPage | undefined;
  loading: boolean;
  current: number;
  onPage: (page: number) => void;
  chosen: ExpertPickItem | null;
  onChoose: (expert: ExpertPickItem | null) => void;
  emptyText: string;
  /** Rows are `<rowTestId>-<name>`. */
  rowTestId: string;
  /** Experts marked as already holding the case cannot be chosen (a referral). */
  disableSent?: boolean;
}

/**
 * A picker table where one expert is chosen (a referral, a booking): the submission's columns with
 * each expert's working week, 10 a page, scrolling at 260 px (spec §9); a row click chooses too.
 */
export function SingleExpertTable(props: SingleExpertTableProps) {
  const all = useExpertColumns();
  const columns = props.disableSent ? all : all.filter((c) => c.key !== 'sent');
  const selectable = (row: ExpertPickItem) => !(props.disableSent && row.bAlreadySent);
  return (
    <Table<ExpertPickItem>
      rowKey="iUserId"
      size="small"
      columns={columns}
      dataSource={props.page?.listPage ?? []}
      loading={props.loading}
      scroll={{ y: PICKER_SCROLL_Y }}
      locale={{ emptyText: props.emptyText }}
      pagination={{
        current: props.current,
        pageSize: PICKER_PAGE_SIZE,
        total: props.page?.iTotalCount ?? 0,
        showSizeChanger: false,
        onChange: props.onPage,
      }}
      rowSelection={{
        type: 'radio',
        selectedRowKeys: props.chosen ? [props.chosen.iUserId] : [],
        onChange: (_keys, rows) => props.onChoose(rows[0] ?? null),
        getCheckboxProps: (row) => ({ disabled: !selectable(row), 'aria-label': row.strRealName }),
      }}
      onRow={(row) =>
        ({
          'data-testid': `${props.rowTestId}-${row.strRealName}`,
          onClick: () => selectable(row) && props.onChoose(row),
        }) as object
      }
    />
  );
}
