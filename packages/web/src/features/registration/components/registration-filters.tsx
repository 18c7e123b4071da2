import { Form, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/components/filter-bar';
import { STATE_FILTERS, type StateFilter } from '../utils/review';

export interface RegistrationFilterValues {
  state: StateFilter;
  strName?: string;
}

/**
 * The review list's filters: the state (pending first) and part of a name. Field ids
 * `#registrationFilters_strName`; the state switch `registration-state-<3|4|5|all>`.
 */
export function RegistrationFilters({
  initial,
  onSearch,
}: {
  initial: RegistrationFilterValues;
  onSearch: (values: RegistrationFilterValues) => void;
}) {
  const { t } = useTranslation('registration');
  return (
    <FilterBar<RegistrationFilterValues>
      name="registrationFilters"
      initialValues={initial}
      onSearch={onSearch}
      // The state applies at once; the name on search (Enter or the button).
      onValuesChange={(changed, all, searchNow) => {
        if ('state' in changed) {
          searchNow(all);
        }
      }}
      search={{ label: t('actions.search'), testId: 'registration-search' }}
      reset={{ label: t('actions.reset'), testId: 'registration-reset', values: initial }}
    >
      <Form.Item name="state" label={t('fields.state')}>
        <Segmented<StateFilter>
          aria-label={t('fields.state')}
          options={STATE_FILTERS.map((value) => ({
            value,
            label: <span data-testid={`registration-state-${value}`}>{t(`state.${value}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item name="strName" label={t('fields.name')}>
        <Input
          allowClear
          maxLength={64}
          style={{ width: 180 }}
          placeholder={t('namePlaceholder')}
        />
      </Form.Item>
    </FilterBar>
  );
}
