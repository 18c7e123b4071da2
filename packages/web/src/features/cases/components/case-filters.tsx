import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CASE_CLASSIFICATIONS, CASE_STATES, CaseLimits } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { QuickRangePicker } from '@/features/audit/components/quick-range-picker';
import type { CaseFilterValues } from '../utils/case-filters';
import { useSelectClear } from '@/lib/select-clear';

interface CaseFiltersProps {
  /** The saved-cases list holds cases of every state: only it filters by state. */
  withState: boolean;
  /** Pet name instead of patient name (veterinary deployments). */
  vet: boolean;
  onSearch: (values: CaseFilterValues) => void;
}

/**
 * Filter bar of the case lists: name, pathology number, state where a list mixes states,
 * classification, and the creation days with the quick ranges of spec §9 (yesterday, 7 and 30
 * days). Field ids: `#caseFilters_strPatientName` and so on.
 */
export function CaseFilters({ withState, vet, onSearch }: CaseFiltersProps) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('cases');
  return (
    <FilterBar<CaseFilterValues>
      name="caseFilters"
      onSearch={onSearch}
      search={{ label: t('filters.search'), testId: 'case-search' }}
      reset={{ label: t('filters.reset'), testId: 'case-reset', values: {} }}
    >
      <Form.Item name="strPatientName" label={t(vet ? 'fields.petName' : 'fields.strPatientName')}>
        <Input allowClear maxLength={CaseLimits.nameMax} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="strDiagnosistNum" label={t('fields.strDiagnosistNum')}>
        <Input allowClear maxLength={CaseLimits.diagnosisNumMax} style={{ width: 140 }} />
      </Form.Item>
      {withState && (
        <Form.Item name="iPatientState" label={t('fields.state')}>
          <Select
            allowClear={selectClear}
            style={{ width: 150 }}
            options={CASE_STATES.map((value) => ({ value, label: t(`state.${value}`) }))}
          />
        </Form.Item>
      )}
      <Form.Item name="iClassification" label={t('fields.ddClassification')}>
        <Select
          allowClear={selectClear}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 170 }}
          options={CASE_CLASSIFICATIONS.map((key, index) => ({
            value: index + 1,
            label: t(`classification.${key}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('fields.dateRange')}>
        <QuickRangePicker ns="cases" />
      </Form.Item>
    </FilterBar>
  );
}
