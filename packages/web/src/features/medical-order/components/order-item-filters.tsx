import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MEDICAL_ORDER_CATEGORIES,
  MedicalOrderSources,
  MedicalOrderStates,
  type MedicalOrderQuery,
} from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { useSelectClear } from '@/lib/select-clear';

export type OrderItemFilterValues = Pick<
  MedicalOrderQuery,
  'strCategory' | 'strName' | 'strState' | 'strSource'
>;

/** Filter bar of the dictionary list. Field ids: `#orderFilters_strCategory` and so on. */
export function OrderItemFilters({
  onSearch,
}: {
  onSearch: (values: OrderItemFilterValues) => void;
}) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('medicalOrder');
  return (
    <FilterBar<OrderItemFilterValues>
      name="orderFilters"
      onSearch={onSearch}
      onValuesChange={(changed, all, searchNow) => {
        // A choice in a select applies at once; typed names wait for Enter or Search.
        if (!('strName' in changed)) {
          searchNow(all);
        }
      }}
      search={{ label: t('actions.search'), testId: 'order-search' }}
      reset={{ label: t('actions.reset'), testId: 'order-reset', values: {} }}
    >
      <Form.Item name="strCategory" label={t('fields.category')}>
        <Select
          allowClear={selectClear}
          style={{ width: 150 }}
          options={MEDICAL_ORDER_CATEGORIES.map((value) => ({
            value,
            label: t(`category.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="strName" label={t('fields.nameOrCode')}>
        <Input allowClear maxLength={64} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="strState" label={t('fields.state')}>
        <Select
          allowClear={selectClear}
          style={{ width: 100 }}
          options={MedicalOrderStates.map((value) => ({ value, label: t(`state.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="strSource" label={t('fields.source')}>
        <Select
          allowClear={selectClear}
          style={{ width: 100 }}
          options={MedicalOrderSources.map((value) => ({ value, label: t(`source.${value}`) }))}
        />
      </Form.Item>
    </FilterBar>
  );
}
