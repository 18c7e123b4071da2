import { Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistributionItem } from '@pathconsult/shared';

/**
 * The columns both distribution lists share, for each list to place: `identity` (number with
 * its urgency, name), `patient` (sex, age, diagnostic type) and `sending` (doctor, hospital,
 * diagnosis center, time). Case labels come from the case lists' namespace so that they read
 * the same everywhere.
 */
export function useSendingColumns<Row extends DistributionItem>(): Record<
  'identity' | 'patient' | 'sending',
  TableColumnsType<Row>
> {
  const { t } = useTranslation('distribution');
  const { t: tc } = useTranslation('cases');
  return useMemo(
    () => ({
      identity: [
        {
          key: 'number',
          title: tc('fields.strDiagnosistNum'),
          fixed: 'left',
          width: 160,
          render: (_, row) => (
            <Space size={4}>
              <Typography.Text strong>{row.strDiagnosistNum}</Typography.Text>
              {row.ddEmergency.iNumber === 1 && <Tag color="red">{tc('emergency.1')}</Tag>}
            </Space>
          ),
        },
        {
          key: 'name',
          title: tc('fields.strPatientName'),
          dataIndex: 'strPatientName',
          width: 110,
        },
      ],
      patient: [
        {
          key: 'sex',
          title: tc('fields.ddSex'),
          width: 70,
          render: (_, row) => (row.ddSex ? tc(`sex.${row.ddSex.iNumber}`) : '—'),
        },
        { key: 'age', title: tc('fields.age'), dataIndex: 'strAge', width: 80 },
        {
          key: 'type',
          title: tc('fields.ddDiagnosticType'),
          width: 110,
          render: (_, row) => tc(`diagnosticType.${row.ddDiagnosticType.iNumber}`),
        },
      ],
      sending: [
        {
          key: 'sender',
          title: t('col.sender'),
          width: 110,
          render: (_, row) => row.sendUser.strRealName,
        },
        {
          key: 'from',
          title: t('col.sendHospital'),
          dataIndex: 'strSendHospitalName',
          width: 180,
          ellipsis: true,
        },
        {
          key: 'center',
          title: t('col.center'),
          dataIndex: 'strDiagnosticsCenterName',
          width: 180,
          ellipsis: true,
        },
        {
          key: 'sent',
          title: t('col.sentTime'),
          dataIndex: 'dtSendTime',
          width: 150,
          render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
        },
      ],
    }),
    [t, tc],
  );
}
