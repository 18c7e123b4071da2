import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AuditOutcome } from '@pathconsult/shared';
import { quickRanges } from '../utils/date-range';

export interface AuditLogFilterValues {
  strUserName?: string;
  strAction?: string;
  strOutcome?: (typeof AuditOutcome)[number];
  range?: [Dayjs, Dayjs] | null;
}

interface AuditLogFiltersProps {
  onSearch: (values: AuditLogFilterValues) => void;
}

/** Filter bar of the audit log screen. Field ids: `#auditFilters_strUserName` and so on. */
export function AuditLogFilters({ onSearch }: AuditLogFiltersProps) {
  const { t } = useTranslation('audit');
  const [form] = Form.useForm<AuditLogFilterValues>();
  const ranges = quickRanges(dayjs());
  return (
    <Form<AuditLogFilterValues>
      form={form}
      name="auditFilters"
      layout="inline"
      className="filter-bar"
      onFinish={onSearch}
    >
      <Form.Item name="strUserName" label={t('filters.userName')}>
        <Input allowClear maxLength={64} placeholder={t('filters.userNameHint')} />
      </Form.Item>
      <Form.Item name="strAction" label={t('filters.action')}>
        <Input allowClear maxLength={128} placeholder={t('filters.actionHint')} />
      </Form.Item>
      <Form.Item name="strOutcome" label={t('filters.outcome')}>
        <Select
          allowClear
          style={{ width: 120 }}
          options={AuditOutcome.map((value) => ({ value, label: t(`outcome.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('filters.dateRange')}>
        <DatePicker.RangePicker
          presets={[
            { label: t('presets.yesterday'), value: ranges.yesterday },
            { label: t('presets.last7Days'), value: ranges.last7Days },
            { label: t('presets.last30Days'), value: ranges.last30Days },
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-search">
            {t('filters.search')}
          </Button>
          <Button
            data-testid="audit-reset"
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
