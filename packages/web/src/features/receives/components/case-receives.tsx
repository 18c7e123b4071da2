import { Card, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ReceiveState, type PatientReceiveDto } from '@pathconsult/shared';
import { useCaseReceives } from '../api/receives';

const STATE_COLORS: Record<number, string> = {
  [ReceiveState.Waiting]: 'processing',
  [ReceiveState.Diagnosed]: 'success',
  [ReceiveState.Returned]: 'warning',
  [ReceiveState.Withdrawn]: 'default',
  // Signed, waiting for the review before release (the doctor does not have the report yet).
  [ReceiveState.Reviewing]: 'purple',
};

/**
 * Where the case was sent (patient/selectPatientReceiveByPatient): each expert or diagnosis
 * center, when, its state, and whether the expert has opened it (after which the doctor can no
 * longer withdraw). Shown only once the case has been sent.
 */
export function CaseReceives({ iPatientId }: { iPatientId: number }) {
  const { t } = useTranslation('receives');
  const receives = useCaseReceives(iPatientId);
  const list = receives.data?.listPatientReceive ?? [];
  if (list.length === 0) {
    return null;
  }
  const columns: TableColumnsType<PatientReceiveDto> = [
    {
      key: 'to',
      title: t('sentTo.expert'),
      render: (_, r) =>
        r.expert ? (
          r.expert.strRealName
        ) : (
          <span>
            {r.strDiagnosticsCenterName}{' '}
            <Typography.Text type="secondary">({t('sentTo.waitingDistribution')})</Typography.Text>
          </span>
        ),
    },
    {
      key: 'time',
      title: t('sentTo.time'),
      width: 160,
      render: (_, r) => dayjs(r.dtCreateTime).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'state',
      title: t('sentTo.state'),
      width: 140,
      render: (_, r) => (
        <Tag color={STATE_COLORS[r.ddPatientState.iNumber] ?? 'default'}>
          {t(`sentTo.states.${r.ddPatientState.iNumber}`, { defaultValue: '—' })}
        </Tag>
      ),
    },
    {
      key: 'viewed',
      title: t('received.viewed'),
      width: 200,
      render: (_, r) =>
        r.dtViewTime
          ? `${t('sentTo.viewed')} ${dayjs(r.dtViewTime).format('MM-DD HH:mm')}`
          : t('sentTo.notViewed'),
    },
  ];
  return (
    <Card title={t('sentTo.title')} data-testid="case-receives">
      <Table<PatientReceiveDto>
        rowKey="iPatientReceiveId"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={list}
        onRow={(r) => ({ 'data-testid': `case-receive-${r.iPatientReceiveId}` }) as object}
      />
    </Card>
  );
}
