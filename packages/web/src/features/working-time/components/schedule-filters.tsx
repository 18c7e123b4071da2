import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/components/filter-bar';
import { SearchSelect } from '@/components/search-select';

export interface ScheduleFilterValues {
  strRealName?: string;
  iHospitalId?: number;
}

interface ScheduleFiltersProps {
  hospitals: { value: number; label: string }[];
  hospitalsLoading: boolean;
  onSearch: (values: ScheduleFilterValues) => void;
}

/** Filter bar of the expert schedule list. Field ids: `#scheduleFilters_strRealName`… */
export function ScheduleFilters({ hospitals, hospitalsLoading, onSearch }: ScheduleFiltersProps) {
  const { t } = useTranslation('workingTime');
  return (
    <FilterBar<ScheduleFilterValues>
      name="scheduleFilters"
      onSearch={onSearch}
      search={{ label: t('actions.search'), testId: 'schedule-search' }}
      reset={{ label: t('actions.reset'), testId: 'schedule-reset', values: {} }}
    >
      <Form.Item name="strRealName" label={t('fields.realName')}>
        <Input allowClear maxLength={64} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="iHospitalId" label={t('fields.hospital')}>
        <SearchSelect loading={hospitalsLoading} style={{ width: 220 }} options={hospitals} />
      </Form.Item>
    </FilterBar>
  );
}
