import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/** One action of a table row, shown as a small link button. */
export interface RowAction {
  key: string;
  label: ReactNode;
  /** `data-testid` of the button, e.g. `group-edit-<name>`. */
  testId: string;
  onClick: () => void;
  icon?: ReactNode;
  /** Red: the action deletes or refuses something. */
  danger?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** When set, the button is wrapped in a tooltip saying this (e.g. why it is disabled). */
  tooltip?: ReactNode;
}

/**
 * The action column of a list row: every list screen shows its row actions as the same small link
 * buttons side by side, so they are built here once. `false` entries are actions this caller or
 * this row does not offer, left out.
 */
export function RowActions({
  actions,
  wrap,
}: {
  actions: (RowAction | false)[];
  /** Let the buttons wrap onto a second line in a narrow column. */
  wrap?: boolean;
}) {
  return (
    <Space size={0} wrap={wrap}>
      {actions
        .filter((action): action is RowAction => action !== false)
        .map((action) => {
          const button = (
            <Button
              key={action.key}
              type="link"
              size="small"
              danger={action.danger}
              icon={action.icon}
              disabled={action.disabled}
              loading={action.loading}
              data-testid={action.testId}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          );
          return action.tooltip === undefined ? (
            button
          ) : (
            <Tooltip key={action.key} title={action.tooltip}>
              {button}
            </Tooltip>
          );
        })}
    </Space>
  );
}

/**
 * The action column of lists whose rows are only edited and deleted (groups, roles): buttons
 * `<testId(row, 'edit')>` and `<testId(row, 'delete')>`, with the screen's own texts.
 */
export function editDeleteColumn<Row>(options: {
  title: string;
  labels: { edit: string; delete: string };
  testId: (row: Row, action: 'edit' | 'delete') => string;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
}): TableColumnType<Row> {
  return {
    key: 'actions',
    title: options.title,
    width: 170,
    render: (_, row) => (
      <RowActions
        actions={[
          {
            key: 'edit',
            label: options.labels.edit,
            icon: <EditOutlined />,
            testId: options.testId(row, 'edit'),
            onClick: () => options.onEdit(row),
          },
          {
            key: 'delete',
            label: options.labels.delete,
            icon: <DeleteOutlined />,
            danger: true,
            testId: options.testId(row, 'delete'),
            onClick: () => options.onDelete(row),
          },
        ]}
      />
    ),
  };
}
