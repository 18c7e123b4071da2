import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface HospitalFilterValues {
  strHospitalName?: string;
  iGroupId?: number;
  ddIsDiagnosis?: 0 | 1 | 2;
}

interface HospitalFiltersProps {
  /** Group choices; null hides the group filter (a hospital administrator sees one hospital). */
  groups: { value: number; label: string }[] | null;
  groupsLoading: boolean;
  onSearch: (values: HospitalFilterValues) => void;
}

/** Filter bar of the hospital list. Field ids: `#hospitalFilters_strHospitalName` and so on. */
export function HospitalFilters({ groups, groupsLoading, onSearch }: HospitalFiltersProps) {
  const { t } = useTranslation('hospitals');
  const [form] = Form.useForm<HospitalFilterValues>();
  return (
    <Form<HospitalFilterValues>
      form={form}
      name="hospitalFilters"
      layout="inline"
      className="filter-bar"
      onFinish={onSearch}
    >
      <Form.Item name="strHospitalName" label={t('fields.name')}>
        <Input allowClear maxLength={64} />
      </Form.Item>
      {groups && (
        <Form.Item name="iGroupId" label={t('fields.group')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={groupsLoading}
            style={{ width: 180 }}
            options={groups}
          />
        </Form.Item>
      )}
      <Form.Item name="ddIsDiagnosis" label={t('fields.type')}>
        <Select
          allowClear
          style={{ width: 140 }}
          options={[0, 1, 2].map((value) => ({
            value,
            label: t(`hospitalType.${value}`, { ns: 'common' }),
          }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="hospital-search">
            {t('actions.search')}
          </Button>
          <Button
            data-testid="hospital-reset"
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('actions.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
