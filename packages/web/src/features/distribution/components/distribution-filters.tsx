import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseLimits } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { QuickRangePicker } from '@/features/audit/components/quick-range-picker';
import type { DistributionFilterValues } from '../utils/filters';

/**
 * Filter bar of both distribution lists: name, pathology number and the sending days with the
 * quick ranges of spec §9. Field ids: `#<name>_strPatientName` and so on.
 */
export function DistributionFilters({
  name,
  onSearch,
}: {
  /** The form's name: `unassignedFilters` or `completedFilters`. */
  name: string;
  onSearch: (values: DistributionFilterValues) => void;
}) {
  const { t } = useTranslation('distribution');
  return (
    <FilterBar<DistributionFilterValues>
      name={name}
      onSearch={onSearch}
      search={{ label: t('filters.search'), testId: `${name}-search` }}
      reset={{ label: t('filters.reset'), testId: `${name}-reset`, values: {} }}
    >
      <Form.Item name="strPatientName" label={t('fields.patientName')}>
        <Input allowClear maxLength={CaseLimits.nameMax} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="strDiagnosistNum" label={t('fields.diagnosisNum')}>
        <Input allowClear maxLength={CaseLimits.diagnosisNumMax} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="range" label={t('fields.sentDays')}>
        <QuickRangePicker ns="distribution" />
      </Form.Item>
    </FilterBar>
  );
}
