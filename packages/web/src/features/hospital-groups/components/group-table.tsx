import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Table } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import dayjs from 'dayjs';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { HospitalGroupDto } from '@pathconsult/shared';
import { pageSizeOptions } from '@/lib/page-size';
import { GroupMemberTags } from './group-member-tags';

interface GroupTableProps {
  rows: HospitalGroupDto[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  /** The last load failed: the empty table says so instead of "no records". */
  failed: boolean;
  /** Platform administrators change groups; others read them. */
  mayManage: boolean;
  onPageChange: (page: number, pageSize: number) => void;
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
    columns.push({
      key: 'actions',
      title: t('actions.column'),
      width: 170,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            data-testid={`group-edit-${row.strGroupName}`}
            onClick={() => props.onEdit(row)}
          >
            {t('actions.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            data-testid={`group-delete-${row.strGroupName}`}
            onClick={() => props.onDelete(row)}
          >
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    });
  }
  const pagination: TablePaginationConfig = {
    current: props.page,
    pageSize: props.pageSize,
    total: props.total,
    pageSizeOptions,
    showSizeChanger: true,
    showTotal: (total) => t('total', { total }),
    onChange: props.onPageChange,
  };
  return (
    <Table<HospitalGroupDto>
      data-testid="group-table"
      rowKey="iGroupId"
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      pagination={pagination}
      scroll={{ x: 900 }}
      onRow={(row) =>
        ({ 'data-testid': `group-row-${row.strGroupName}` }) as HTMLAttributes<HTMLElement>
      }
      locale={{
        emptyText: props.failed ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('loadError')} />
        ) : (
          <Empty description={t('empty')} />
        ),
      }}
    />
  );
}
