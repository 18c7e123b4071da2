import { DeleteOutlined, EditOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleTypeCode, UserDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { rowPermissions, stateAction, STATE_COLORS } from '../utils/user-state';
import { CreatorName } from './creator-name';

interface UserTableProps extends PagedRows<UserDto> {
  sessionUserId: number | null;
  callerRole: RoleTypeCode | null;
  onEdit: (row: UserDto) => void;
  onChangeState: (row: UserDto, state: 1 | 2) => void;
  onDelete: (row: UserDto) => void;
}

/**
 * The user list. Rows `user-row-<userName>`; actions `user-edit-<userName>`,
 * `user-freeze-<userName>` / `user-enable-<userName>`, `user-delete-<userName>`; the state tag
 * `user-state-<userName>`.
 */
export function UserTable(props: UserTableProps) {
  const { t } = useTranslation(['users', 'common']);
  const columns: TableColumnsType<UserDto> = [
    {
      key: 'userName',
      title: t('fields.userName'),
      dataIndex: 'strUserName',
      fixed: 'left',
      width: 140,
      render: (name: string, row) =>
        row.bIsSuperAdmin ? (
          <Space size={4}>
            {name}
            <Tag color="purple">{t('list.superAdmin')}</Tag>
          </Space>
        ) : (
          name
        ),
    },
    { key: 'realName', title: t('fields.realName'), dataIndex: 'strRealName', width: 110 },
    {
      key: 'role',
      title: t('fields.role'),
      width: 120,
      render: (_, row) => t(`role.${row.ddRoleType.iNumber}`, { ns: 'common', defaultValue: '' }),
    },
    {
      key: 'hospital',
      title: t('fields.hospital'),
      width: 170,
      render: (_, row) => row.hospital?.strHospitalName ?? t('list.noHospital'),
    },
    { key: 'mobile', title: t('fields.mobile'), dataIndex: 'strMobile', width: 120 },
    {
      key: 'state',
      title: t('fields.state'),
      width: 90,
      render: (_, row) => (
        <Tag
          color={STATE_COLORS[row.ddUserState.iNumber] ?? 'default'}
          data-testid={`user-state-${row.strUserName}`}
        >
          {t(`state.${row.ddUserState.iNumber}`, { defaultValue: String(row.ddUserState.iNumber) })}
        </Tag>
      ),
    },
    {
      key: 'creator',
      title: t('fields.createdBy'),
      width: 100,
      render: (_, row) => (
        <CreatorName
          creatorId={row.createUser?.iUserId ?? null}
          sessionUserId={props.sessionUserId}
        />
      ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      // "Edit  Freeze  Delete" in English needs about 241 px with the cell's padding (210 cut
      // "Delete" to "Delet"); Chinese needs less.
      width: 250,
      render: (_, row) => <UserRowActions row={row} {...props} />,
    },
  ];
  return (
    <PagedTable<UserDto>
      {...props}
      testId="user-table"
      rowKey="iUserId"
      rowTestId={(row) => `user-row-${row.strUserName}`}
      columns={columns}
      scrollX={1140}
      texts={{
        total: (total) => t('list.total', { total, count: total }),
        empty: t('list.empty'),
        loadError: t('list.loadError'),
      }}
    />
  );
}

/** A refused action stays visible, disabled, with the reason on hover. */
function UserRowActions({ row, ...props }: UserTableProps & { row: UserDto }) {
  const { t } = useTranslation('users');
  const may = rowPermissions(row, props.sessionUserId, props.callerRole);
  const action = stateAction(row.ddUserState.iNumber);
  const why = may.reason ? t(`list.${may.reason}`) : '';
  return (
    <RowActions
      actions={[
        {
          key: 'edit',
          label: t('actions.edit'),
          icon: <EditOutlined />,
          disabled: !may.edit,
          tooltip: may.edit ? undefined : why,
          testId: `user-edit-${row.strUserName}`,
          onClick: () => props.onEdit(row),
        },
        !!action && {
          key: 'state',
          label: t(`actions.${action}`),
          icon: action === 'freeze' ? <LockOutlined /> : <UnlockOutlined />,
          disabled: !may.changeState,
          tooltip: may.changeState ? undefined : why,
          testId: `user-${action}-${row.strUserName}`,
          onClick: () => props.onChangeState(row, action === 'freeze' ? 2 : 1),
        },
        {
          key: 'delete',
          label: t('actions.delete'),
          icon: <DeleteOutlined />,
          danger: true,
          disabled: !may.remove,
          tooltip: may.remove ? undefined : why,
          testId: `user-delete-${row.strUserName}`,
          onClick: () => props.onDelete(row),
        },
      ]}
    />
  );
}
