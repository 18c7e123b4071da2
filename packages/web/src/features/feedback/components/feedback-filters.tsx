import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FeedbackHandledFilter } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { QuickRangePicker } from '@/features/audit/components/quick-range-picker';
import { useSelectClear } from '@/lib/select-clear';

export interface FeedbackFilterValues {
  strUserName?: string;
  strHandled?: (typeof FeedbackHandledFilter)[number];
  range?: [Dayjs, Dayjs] | null;
}

/** Filter bar of the feedback list. Field ids: `#feedbackFilters_strUserName` and so on. */
export function FeedbackFilters({ onSearch }: { onSearch: (v: FeedbackFilterValues) => void }) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('feedback');
  return (
    <FilterBar<FeedbackFilterValues>
      name="feedbackFilters"
      onSearch={onSearch}
      search={{ label: t('actions.search'), testId: 'feedback-search' }}
      reset={{ label: t('actions.reset'), testId: 'feedback-reset', values: {} }}
    >
      <Form.Item name="strUserName" label={t('fields.userName')}>
        <Input allowClear maxLength={64} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="strHandled" label={t('fields.state')}>
        <Select
          allowClear={selectClear}
          style={{ width: 130 }}
          options={FeedbackHandledFilter.map((value) => ({ value, label: t(`state.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('fields.time')}>
        <QuickRangePicker ns="feedback" />
      </Form.Item>
    </FilterBar>
  );
}
