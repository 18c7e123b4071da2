import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { HospitalGroupDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { editDeleteColumn } from '@/components/row-actions';
import { GroupMemberTags } from './group-member-tags';

interface GroupTableProps extends PagedRows<HospitalGroupDto> {
  /** Platform administrators change groups; others read them. */
  mayManage: boolean;
  onEdit: (row: HospitalGroupDto) => void;
  onDelete: (row: HospitalGroupDto) => void;
}

/** Hospital groups. Rows `group-row-<name>`; actions `group-edit-<name>`, `group-delete-<name>`. */
export function GroupTable(props: GroupTableProps) {
  const { t } = useTranslation('hospitalGroups');
  const columns: TableColumnsType<HospitalGroupDto> = [
    { key: 'name', title: t('fields.name'), dataIndex: 'strGroupName', width: 200 },
    {
      key: 'members',
      title: t('fields.members'),
      render: (_, row) => <GroupMemberTags members={row.listHospital} />,
    },
    {
      key: 'count',
      title: t('fields.count'),
      width: 100,
      render: (_, row) => row.listHospital.length,
    },
    {
      key: 'created',
      title: t('fields.created'),
      dataIndex: 'dtCreateTime',
      width: 170,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
  ];
  if (props.mayManage) {
    columns.push(
      editDeleteColumn<HospitalGroupDto>({
        title: t('actions.column'),
        labels: { edit: t('actions.edit'), delete: t('actions.delete') },
        testId: (row, action) => `group-${action}-${row.strGroupName}`,
        onEdit: props.onEdit,
        onDelete: props.onDelete,
      }),
    );
  }
  return (
    <PagedTable<HospitalGroupDto>
      {...props}
      testId="group-table"
      rowKey="iGroupId"
      rowTestId={(row) => `group-row-${row.strGroupName}`}
      columns={columns}
      scrollX={900}
      texts={{
        total: (total) => t('total', { total, count: total }),
        empty: t('empty'),
        loadError: t('loadError'),
      }}
    />
  );
}
