import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatientListItem } from '@pathconsult/shared';

/** The patient's name, sex and age columns, as every case list shows them. */
export function usePatientColumns<Row extends PatientListItem>(): TableColumnsType<Row> {
  const { t } = useTranslation('cases');
  return [
    { key: 'name', title: t('fields.strPatientName'), dataIndex: 'strPatientName', width: 120 },
    {
      key: 'sex',
      title: t('fields.ddSex'),
      width: 70,
      render: (_, row) => (row.ddSex ? t(`sex.${row.ddSex.iNumber}`) : '—'),
    },
    { key: 'age', title: t('fields.age'), dataIndex: 'strAge', width: 90 },
  ];
}
