import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommonWordLimits, type CommonWordQuery } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { scopeOptions } from '../utils/scope';
import { useSelectClear } from '@/lib/select-clear';

export type CommonWordFilterValues = Pick<
  CommonWordQuery,
  'strCategory' | 'strContent' | 'iScope' | 'strRealName'
>;

/**
 * Filter bar of the common-word lists: category and content (parts, any case), scope, and for
 * administrators the expert's name. Field ids `#commonWordFilters_<field>`.
 */
export function CommonWordFilters({
  withOwner,
  onSearch,
}: {
  withOwner: boolean;
  onSearch: (values: CommonWordFilterValues) => void;
}) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('commonWords');
  const text = <Input allowClear maxLength={CommonWordLimits.searchMax} style={{ width: 160 }} />;
  return (
    <FilterBar<CommonWordFilterValues>
      name="commonWordFilters"
      onSearch={onSearch}
      onValuesChange={(changed, all, searchNow) => {
        // The scope applies at once; typed text waits for Enter or Search.
        if ('iScope' in changed) {
          searchNow(all);
        }
      }}
      search={{ label: t('actions.search'), testId: 'common-word-search' }}
      reset={{ label: t('actions.reset'), testId: 'common-word-reset', values: {} }}
    >
      <Form.Item name="strCategory" label={t('fields.category')}>
        {text}
      </Form.Item>
      <Form.Item name="strContent" label={t('fields.content')}>
        {text}
      </Form.Item>
      <Form.Item name="iScope" label={t('fields.scope')}>
        <Select allowClear={selectClear} style={{ width: 130 }} options={scopeOptions(t)} />
      </Form.Item>
      {withOwner && (
        <Form.Item name="strRealName" label={t('fields.ownerName')}>
          {text}
        </Form.Item>
      )}
    </FilterBar>
  );
}
