import { Form, Input, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { QuickRangePicker } from '@/features/audit/components/quick-range-picker';

/**
 * What the report list and the review queue share: the filter fields (patient, pathology number,
 * signed between) and the diagnosis column.
 */
export function ReportFilterFields() {
  const { t } = useTranslation('diagnosis');
  const { t: tc } = useTranslation('cases');
  return (
    <>
      <Form.Item name="strPatientName" label={tc('fields.strPatientName')}>
        <Input allowClear maxLength={16} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="strDiagnosistNum" label={tc('fields.strDiagnosistNum')}>
        <Input allowClear maxLength={16} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="range" label={t('list.signedAt')}>
        <QuickRangePicker ns="diagnosis" />
      </Form.Item>
    </>
  );
}

/** The diagnosis of a version, on one line with the whole text on hover. */
export function resultColumn<T extends { strResult: string }>(
  t: TFunction<'diagnosis'>,
): TableColumnType<T> {
  return {
    key: 'result',
    title: t('result'),
    dataIndex: 'strResult',
    width: 220,
    ellipsis: true,
    render: (text: string) => (
      <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>
    ),
  };
}
