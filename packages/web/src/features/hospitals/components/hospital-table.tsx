import { Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HospitalDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { isValidityPast } from '../utils/storage';
import { HospitalTypeTag } from './hospital-type-tag';
import { StorageCell } from './storage-cell';

interface HospitalTableProps extends PagedRows<HospitalDto> {
  /** Platform administrators add and delete hospitals; hospital administrators edit their own. */
  mayDelete: boolean;
  /** Id of the hospital whose storage is being recalculated. */
  calibratingId: number | null;
  onEdit: (row: HospitalDto) => void;
  onCalibrate: (row: HospitalDto) => void;
  onDelete: (row: HospitalDto) => void;
}

/**
 * The hospital list. Rows are `hospital-row-<name>`; actions `hospital-edit-<name>`,
 * `hospital-calibrate-<name>`, `hospital-delete-<name>`.
 */
export function HospitalTable(props: HospitalTableProps) {
  const { t } = useTranslation('hospitals');
  const now = new Date();
  const columns: TableColumnsType<HospitalDto> = [
    {
      key: 'name',
      title: t('fields.name'),
      dataIndex: 'strHospitalName',
      fixed: 'left',
      width: 160,
      render: (name: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          {row.strTypeLabel && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.strTypeLabel}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('fields.type'),
      width: 120,
      render: (_, row) => (
        <Space orientation="vertical" size={4}>
          <HospitalTypeTag value={row.ddIsDiagnosis.iNumber} />
          {row.bReportReview && (
            <Tooltip title={t('form.reportReviewHint')}>
              <Tag color="purple" data-testid={`hospital-report-review-${row.strHospitalName}`}>
                {t('list.reportReview')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'group',
      title: t('fields.group'),
      dataIndex: 'strGroupName',
      width: 110,
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'contact',
      title: t('fields.contact'),
      width: 110,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.strContactName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.strContactMobile}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'validUntil',
      title: t('fields.validUntil'),
      dataIndex: 'dtValidUntil',
      width: 100,
      render: (date: string | null) => {
        if (!date) {
          return <Typography.Text type="secondary">{t('list.noLimit')}</Typography.Text>;
        }
        return isValidityPast(date, now) ? (
          <Tooltip title={t('list.expired')}>
            <Typography.Text type="danger" data-testid="hospital-expired">
              {date}
            </Typography.Text>
          </Tooltip>
        ) : (
          date
        );
      },
    },
    {
      key: 'storage',
      title: t('fields.storage'),
      width: 140,
      render: (_, row) => <StorageCell usedBytes={row.lUsedBytes} total={row.dTotalMemory} />,
    },
    {
      key: 'consultation',
      title: t('fields.consultation'),
      dataIndex: 'bIsConsultation',
      // "Consultation" whole in English (it broke as "Consulta / tion").
      width: 115,
      render: (value: boolean) =>
        value ? <Tag color="green">{t('list.yes')}</Tag> : <Tag>{t('list.no')}</Tag>,
    },
    { key: 'users', title: t('fields.userCount'), dataIndex: 'iUserCount', width: 70 },
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      width: props.mayDelete ? 200 : 150,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: t('actions.edit'),
              testId: `hospital-edit-${row.strHospitalName}`,
              onClick: () => props.onEdit(row),
            },
            {
              key: 'calibrate',
              label: t('actions.calibrate'),
              loading: props.calibratingId === row.iHospitalId,
              testId: `hospital-calibrate-${row.strHospitalName}`,
              onClick: () => props.onCalibrate(row),
            },
            props.mayDelete && {
              key: 'delete',
              label: t('actions.delete'),
              danger: true,
              testId: `hospital-delete-${row.strHospitalName}`,
              onClick: () => props.onDelete(row),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <PagedTable<HospitalDto>
      {...props}
      testId="hospital-table"
      rowKey="iHospitalId"
      rowTestId={(row) => `hospital-row-${row.strHospitalName}`}
      columns={columns}
      // As wide as its columns, which fit a 1440 px laptop's list (1,125 px) in both languages;
      // narrower, the list scrolls under the fixed Actions column.
      scrollX={columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0)}
      texts={{
        total: (total) => t('list.total', { total, count: total }),
        empty: t('list.empty'),
        loadError: t('list.loadError'),
      }}
    />
  );
}
