import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommonWordLimits, type CommonWordUsableQuery } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { SearchSelect } from '@/components/search-select';

export type UsableWordFilterValues = Pick<CommonWordUsableQuery, 'strCategory' | 'strKeyword'>;

/**
 * Filter bar of the words an expert may insert: one of their categories, and a keyword found in
 * the content or the category. Field ids `#usableWordFilters_<field>`.
 */
export function UsableWordFilters({
  categories,
  categoriesLoading,
  onSearch,
}: {
  categories: readonly string[];
  categoriesLoading: boolean;
  onSearch: (values: UsableWordFilterValues) => void;
}) {
  const { t } = useTranslation('commonWords');
  return (
    <FilterBar<UsableWordFilterValues>
      name="usableWordFilters"
      onSearch={onSearch}
      onValuesChange={(changed, all, searchNow) => {
        // A category applies at once; typed text waits for Enter or Search.
        if ('strCategory' in changed) {
          searchNow(all);
        }
      }}
      search={{ label: t('actions.search'), testId: 'usable-word-search' }}
      reset={{ label: t('actions.reset'), testId: 'usable-word-reset', values: {} }}
    >
      <Form.Item name="strCategory" label={t('fields.category')}>
        <SearchSelect
          style={{ width: 160 }}
          placeholder={t('picker.allCategories')}
          loading={categoriesLoading}
          options={categories.map((c) => ({ value: c, label: c }))}
        />
      </Form.Item>
      <Form.Item name="strKeyword" label={t('fields.keyword')}>
        <Input allowClear maxLength={CommonWordLimits.searchMax} style={{ width: 200 }} />
      </Form.Item>
    </FilterBar>
  );
}
