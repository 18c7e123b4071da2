import { EditOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MedicalOrderItemDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';

const CATEGORY_COLORS: Record<string, string> = {
  ihc: 'blue',
  special_stain: 'purple',
  molecular: 'cyan',
};

interface OrderItemTableProps extends PagedRows<MedicalOrderItemDto> {
  /** Platform administrators change platform items; hospital administrators only read them. */
  mayChangePlatform: boolean;
  /** The item whose enable/disable is under way (its button spins). */
  toggling: number | null;
  onEdit: (row: MedicalOrderItemDto) => void;
  onToggle: (row: MedicalOrderItemDto) => void;
}

/**
 * The order items of one dictionary. Rows `order-row-<name>`; actions `order-edit-<name>`,
 * `order-disable-<name>` / `order-enable-<name>`.
 */
export function OrderItemTable(props: OrderItemTableProps) {
  const { t } = useTranslation('medicalOrder');
  const columns: TableColumnsType<MedicalOrderItemDto> = [
    {
      key: 'category',
      title: t('fields.category'),
      width: 130,
      render: (_, row) => (
        <Tag color={CATEGORY_COLORS[row.strCategory]}>{t(`category.${row.strCategory}`)}</Tag>
      ),
    },
    { key: 'name', title: t('fields.name'), dataIndex: 'strName', width: 260 },
    {
      key: 'code',
      title: t('fields.code'),
      dataIndex: 'strCode',
      width: 130,
      render: (value: string | null) => value ?? '—',
    },
    {
      key: 'source',
      title: t('fields.source'),
      width: 180,
      render: (_, row) =>
        row.bPlatform ? <Tag>{t('source.platform')}</Tag> : (row.strHospitalName ?? '—'),
    },
    { key: 'sort', title: t('fields.sortOrder'), dataIndex: 'iSortOrder', width: 80 },
    {
      key: 'state',
      title: t('fields.state'),
      width: 90,
      render: (_, row) => (
        <Tag color={row.bEnabled ? 'green' : 'default'} data-testid={`order-state-${row.strName}`}>
          {t(row.bEnabled ? 'state.enabled' : 'state.disabled')}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('actions.column'),
      width: 170,
      render: (_, row) =>
        row.bPlatform && !props.mayChangePlatform ? (
          <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>
        ) : (
          <RowActions
            actions={[
              {
                key: 'edit',
                label: t('actions.edit'),
                icon: <EditOutlined />,
                testId: `order-edit-${row.strName}`,
                onClick: () => props.onEdit(row),
              },
              {
                key: 'toggle',
                label: t(row.bEnabled ? 'actions.disable' : 'actions.enable'),
                icon: row.bEnabled ? <PauseCircleOutlined /> : <PlayCircleOutlined />,
                danger: row.bEnabled,
                loading: props.toggling === row.iItemId,
                testId: `order-${row.bEnabled ? 'disable' : 'enable'}-${row.strName}`,
                onClick: () => props.onToggle(row),
              },
            ]}
          />
        ),
    },
  ];
  return (
    <PagedTable<MedicalOrderItemDto>
      {...props}
      testId="order-table"
      rowKey="iItemId"
      rowTestId={(row) => `order-row-${row.strName}`}
      columns={columns}
      scrollX={1000}
      texts={{
        total: (total) => t('total', { total, count: total }),
        empty: t('empty'),
        loadError: t('loadError'),
      }}
    />
  );
}
