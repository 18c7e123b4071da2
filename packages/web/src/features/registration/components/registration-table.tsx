import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { UserState, type RegistrationDto } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { REVIEW_STATE_COLORS } from '../utils/review';

interface RegistrationTableProps extends PagedRows<RegistrationDto> {
  onApprove: (row: RegistrationDto) => void;
  onReject: (row: RegistrationDto) => void;
}

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/**
 * The registrations. Rows `registration-row-<userName>`; actions `registration-approve-<userName>`
 * and `registration-reject-<userName>` (pending rows only); state `registration-state-of-<userName>`.
 */
export function RegistrationTable(props: RegistrationTableProps) {
  const { t } = useTranslation(['registration', 'common']);
  const columns: TableColumnsType<RegistrationDto> = [
    {
      key: 'userName',
      title: t('fields.userName'),
      dataIndex: 'strUserName',
      fixed: 'left',
      width: 140,
    },
    { key: 'realName', title: t('fields.realName'), dataIndex: 'strRealName', width: 100 },
    {
      key: 'role',
      title: t('fields.role'),
      width: 80,
      render: (_, row) => t(`role.${row.ddRoleType.iNumber}`, { ns: 'common', defaultValue: '' }),
    },
    {
      key: 'unit',
      title: t('fields.unit'),
      width: 200,
      render: (_, row) =>
        row.hospital ? (
          row.hospital.strHospitalName
        ) : (
          <Space size={4} wrap>
            {row.strUnitName}
            <Tag>{t('list.unlisted')}</Tag>
          </Space>
        ),
    },
    {
      key: 'job',
      title: t('fields.jobTitle'),
      width: 150,
      render: (_, row) =>
        [row.strJobTitle, row.strDepartment].filter(Boolean).join(' · ') || undefined,
    },
    { key: 'mobile', title: t('fields.mobile'), dataIndex: 'strMobile', width: 120 },
    { key: 'id', title: t('fields.idNumber'), dataIndex: 'strIdentityNumber', width: 180 },
    {
      key: 'region',
      title: t('fields.region'),
      width: 140,
      render: (_, row) => [row.strProvince, row.strCity].filter(Boolean).join(' '),
    },
    {
      key: 'created',
      title: t('fields.createdAt'),
      width: 140,
      render: (_, row) => time(row.dtCreateTime),
    },
    {
      key: 'state',
      title: t('fields.state'),
      width: 200,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Tag
            color={REVIEW_STATE_COLORS[row.ddUserState.iNumber] ?? 'default'}
            data-testid={`registration-state-of-${row.strUserName}`}
          >
            {t(`state.${row.ddUserState.iNumber}`, {
              defaultValue: String(row.ddUserState.iNumber),
            })}
          </Tag>
          {row.reviewUser && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('list.reviewedBy', {
                name: row.reviewUser.strUserName,
                time: time(row.dtReviewTime),
              })}
            </Typography.Text>
          )}
          {row.strReviewReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('list.reason', { reason: row.strReviewReason })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      width: 170,
      render: (_, row) =>
        row.ddUserState.iNumber === UserState.PendingReview ? (
          <RowActions
            actions={[
              {
                key: 'approve',
                label: t('actions.approve'),
                icon: <CheckOutlined />,
                testId: `registration-approve-${row.strUserName}`,
                onClick: () => props.onApprove(row),
              },
              {
                key: 'reject',
                label: t('actions.reject'),
                icon: <CloseOutlined />,
                danger: true,
                testId: `registration-reject-${row.strUserName}`,
                onClick: () => props.onReject(row),
              },
            ]}
          />
        ) : (
          <Tooltip title={t('list.reviewed')}>
            <Typography.Text type="secondary">—</Typography.Text>
          </Tooltip>
        ),
    },
  ];
  return (
    <PagedTable<RegistrationDto>
      {...props}
      testId="registration-table"
      rowKey="iUserId"
      rowTestId={(row) => `registration-row-${row.strUserName}`}
      columns={columns}
      scrollX={1600}
      texts={{
        total: (total) => t('list.total', { total, count: total }),
        empty: t('list.empty'),
        loadError: t('list.loadError'),
      }}
    />
  );
}
