import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';

interface AdminPrivilegeTableProps extends PagedRows<UserDto> {
  selfId: number | null;
  onAssign: (row: UserDto) => void;
  onOpen: (row: UserDto) => void;
  onRemove: (row: UserDto) => void;
}

/**
 * Administrators and what can be done with their permissions. Rows `admin-row-<user name>`;
 * actions `assign-<user name>`, `open-<user name>`, `remove-<user name>`.
 */
export function AdminPrivilegeTable(props: AdminPrivilegeTableProps) {
  const { t } = useTranslation('privileges');
  const columns: TableColumnsType<UserDto> = [
    { key: 'userName', title: t('fields.userName'), dataIndex: 'strUserName', width: 160 },
    { key: 'realName', title: t('fields.realName'), dataIndex: 'strRealName', width: 140 },
    {
      key: 'hospital',
      title: t('fields.hospital'),
      render: (_, row) => row.hospital?.strHospitalName ?? '—',
    },
    {
      key: 'type',
      title: t('fields.roleType'),
      width: 150,
      render: (_, row) => t(`roleType.${row.ddRoleType.iNumber}`),
    },
    {
      key: 'actions',
      title: t('actions.column'),
      width: 280,
      render: (_, row) => {
        if (row.ddRoleType.iNumber === 1) {
          return <Tag color="gold">{t('assign.all')}</Tag>;
        }
        if (row.iUserId === props.selfId) {
          return <Tag>{t('assign.self')}</Tag>;
        }
        const name = row.strUserName;
        return (
          <RowActions
            wrap
            actions={[
              {
                key: 'assign',
                label: t('actions.assign'),
                testId: `assign-${name}`,
                onClick: () => props.onAssign(row),
              },
              {
                key: 'open',
                label: t('actions.open'),
                testId: `open-${name}`,
                onClick: () => props.onOpen(row),
              },
              {
                key: 'remove',
                label: t('actions.remove'),
                danger: true,
                testId: `remove-${name}`,
                onClick: () => props.onRemove(row),
              },
            ]}
          />
        );
      },
    },
  ];
  return (
    <PagedTable<UserDto>
      {...props}
      testId="admin-privilege-table"
      rowKey="iUserId"
      rowTestId={(row) => `admin-row-${row.strUserName}`}
      columns={columns}
      scrollX={900}
      texts={{
        total: (total) => t('assign.total', { total, count: total }),
        empty: t('assign.empty'),
        loadError: t('assign.loadError'),
      }}
    />
  );
}
