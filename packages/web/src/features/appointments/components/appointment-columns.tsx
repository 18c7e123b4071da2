import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppointmentKind, AppointmentState, type AppointmentItem } from '@pathconsult/shared';
import { dayText, periodText } from '../utils/appointment-view';

const STATE_COLORS: Record<number, string> = {
  [AppointmentState.Pending]: 'gold',
  [AppointmentState.Accepted]: 'green',
  [AppointmentState.Declined]: 'red',
  [AppointmentState.Cancelled]: 'default',
};

/** The state tag of a booking; a pending one whose half-day began was never answered. */
export function AppointmentStateTag({ row }: { row: AppointmentItem }) {
  const { t } = useTranslation('appointments');
  const state = row.ddAppointState.iNumber;
  const expired = state === AppointmentState.Pending && row.bStarted;
  return (
    <Tag
      color={expired ? 'default' : STATE_COLORS[state]}
      data-testid={`appointment-state-${row.iAppointmentId}`}
    >
      {expired ? t('expired') : t(`state.${state}`)}
    </Tag>
  );
}

/**
 * The columns of the appointments list, without the actions: the half-day first (what the list
 * is ordered by) and its state, the case, the other side of the booking (the expert sees the
 * doctor and their hospital, the doctor the expert), the kind and what was said.
 */
export function useAppointmentColumns(
  side: 'doctor' | 'expert',
): TableColumnsType<AppointmentItem> {
  const { t } = useTranslation('appointments');
  const otherSide: TableColumnsType<AppointmentItem> =
    side === 'expert'
      ? [
          {
            key: 'doctor',
            title: t('col.doctor'),
            width: 110,
            render: (_, r) => r.doctor.strRealName,
          },
          {
            key: 'hospital',
            title: t('col.hospital'),
            width: 160,
            ellipsis: true,
            render: (_, r) => r.hospital.strHospitalName,
          },
        ]
      : [
          {
            key: 'expert',
            title: t('col.expert'),
            width: 170,
            render: (_, r) => (
              <Flex vertical>
                {r.expert.strRealName}
                <Typography.Text type="secondary" ellipsis={{ tooltip: r.expert.strHospitalName }}>
                  {r.expert.strHospitalName}
                </Typography.Text>
              </Flex>
            ),
          },
        ];
  return [
    {
      key: 'time',
      title: t('col.time'),
      fixed: 'left',
      width: 170,
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text strong>{dayText(r, t)}</Typography.Text>
          <Typography.Text type="secondary">{periodText(r, t)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('col.state'),
      width: 110,
      render: (_, r) => <AppointmentStateTag row={r} />,
    },
    {
      key: 'number',
      title: t('col.number'),
      width: 140,
      render: (_, r) => r.patient.strDiagnosistNum,
    },
    { key: 'name', title: t('col.name'), width: 110, render: (_, r) => r.patient.strPatientName },
    ...otherSide,
    {
      key: 'kind',
      title: t('col.kind'),
      width: 120,
      render: (_, r) => (
        <Tag color={r.ddKind.iNumber === AppointmentKind.FrozenSection ? 'blue' : 'volcano'}>
          {t(`kind.${r.ddKind.iNumber}`)}
        </Tag>
      ),
    },
    {
      key: 'note',
      title: t('col.note'),
      width: 180,
      ellipsis: true,
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: r.strNote }}>{r.strNote || '—'}</Typography.Text>
      ),
    },
    {
      key: 'answer',
      title: t('col.answer'),
      width: 200,
      ellipsis: true,
      render: (_, r) => (
        <Typography.Text
          ellipsis={{ tooltip: r.strAnswer }}
          data-testid={`appointment-answer-${r.iAppointmentId}`}
        >
          {r.strAnswer || '—'}
        </Typography.Text>
      ),
    },
  ];
}
