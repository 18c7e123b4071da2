import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AdminRoleDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { editDeleteColumn } from '@/components/row-actions';
import { usePrivilegeSummary } from './privilege-checklist';

interface RoleTableProps extends PagedRows<AdminRoleDto> {
  /** Platform administrators define roles; administrators with permission manage read them. */
  mayManage: boolean;
  onEdit: (row: AdminRoleDto) => void;
  onDelete: (row: AdminRoleDto) => void;
}

/** Administrator roles. Rows `role-row-<name>`; actions `role-edit-<name>`, `role-delete-<name>`. */
export function RoleTable(props: RoleTableProps) {
  const { t } = useTranslation('privileges');
  const summary = usePrivilegeSummary();
  const columns: TableColumnsType<AdminRoleDto> = [
    { key: 'name', title: t('fields.roleName'), dataIndex: 'strRoleName', width: 180 },
    {
      key: 'type',
      title: t('fields.roleType'),
      width: 150,
      render: (_, row) => t(`roleType.${row.ddRoleType.iNumber}`),
    },
    {
      key: 'privileges',
      title: t('fields.privileges'),
      render: (_, row) =>
        row.listPrivilege.length === 0
          ? t('assign.none')
          : summary(row.listPrivilege).map((text) => <Tag key={text}>{text}</Tag>),
    },
    { key: 'holders', title: t('fields.holders'), dataIndex: 'iUserCount', width: 100 },
    {
      key: 'created',
      title: t('fields.created'),
      dataIndex: 'dtCreateTime',
      width: 160,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
  ];
  if (props.mayManage) {
    columns.push(
      editDeleteColumn<AdminRoleDto>({
        title: t('actions.column'),
        labels: { edit: t('actions.edit'), delete: t('actions.delete') },
        testId: (row, action) => `role-${action}-${row.strRoleName}`,
        onEdit: props.onEdit,
        onDelete: props.onDelete,
      }),
    );
  }
  return (
    <PagedTable<AdminRoleDto>
      {...props}
      testId="role-table"
      rowKey="iRoleId"
      rowTestId={(row) => `role-row-${row.strRoleName}`}
      columns={columns}
      scrollX={900}
      texts={{
        total: (total) => t('roles.total', { total, count: total }),
        empty: t('roles.empty'),
        loadError: t('roles.loadError'),
      }}
    />
  );
}
