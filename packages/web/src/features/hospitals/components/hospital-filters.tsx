import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/components/filter-bar';
import { SearchSelect } from '@/components/search-select';
import { useSelectClear } from '@/lib/select-clear';

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
  const selectClear = useSelectClear();
  const { t } = useTranslation('hospitals');
  return (
    <FilterBar<HospitalFilterValues>
      name="hospitalFilters"
      onSearch={onSearch}
      search={{ label: t('actions.search'), testId: 'hospital-search' }}
      reset={{ label: t('actions.reset'), testId: 'hospital-reset', values: {} }}
    >
      <Form.Item name="strHospitalName" label={t('fields.name')}>
        <Input allowClear maxLength={64} />
      </Form.Item>
      {groups && (
        <Form.Item name="iGroupId" label={t('fields.group')}>
          <SearchSelect loading={groupsLoading} style={{ width: 180 }} options={groups} />
        </Form.Item>
      )}
      <Form.Item name="ddIsDiagnosis" label={t('fields.type')}>
        <Select
          allowClear={selectClear}
          style={{ width: 140 }}
          options={[0, 1, 2].map((value) => ({
            value,
            label: t(`hospitalType.${value}`, { ns: 'common' }),
          }))}
        />
      </Form.Item>
    </FilterBar>
  );
}
