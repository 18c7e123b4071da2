import { AutoComplete, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AuditOutcome } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { actionCallOf } from '../utils/action-call';
import { QuickRangePicker } from './quick-range-picker';
import { useSelectClear } from '@/lib/select-clear';

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
  const selectClear = useSelectClear();
  const { t } = useTranslation('audit');
  // The actions with a readable name are offered by it ("删除" finds 删除切片); anything else is
  // still typed as the call or its beginning. Offered by name only: a typed call ("user/")
  // matches no offer, so Enter searches with it instead of taking the first call it begins.
  const named = t('actions', { returnObjects: true }) as Record<string, string>;
  const actionOptions = Object.entries(named).map(([value, label]) => ({
    value,
    label: `${label} · ${value}`,
    name: label,
  }));
  return (
    <FilterBar<AuditLogFilterValues>
      name="auditFilters"
      // A name typed in full and searched for is its call (the server filters by call).
      onSearch={(values) =>
        onSearch({ ...values, strAction: actionCallOf(values.strAction, named) })
      }
      search={{ label: t('filters.search'), testId: 'audit-search' }}
      reset={{ label: t('filters.reset'), testId: 'audit-reset', values: {} }}
    >
      <Form.Item name="strUserName" label={t('filters.userName')}>
        <Input allowClear maxLength={64} placeholder={t('filters.userNameHint')} />
      </Form.Item>
      <Form.Item name="strAction" label={t('filters.action')}>
        <AutoComplete
          allowClear={selectClear}
          maxLength={128}
          placeholder={t('filters.actionHint')}
          options={actionOptions}
          showSearch={{
            filterOption: (typed, option) =>
              (option?.name ?? '').toLowerCase().includes(typed.trim().toLowerCase()),
          }}
          style={{ width: 260 }}
          // Wide enough for a name and its call, never wider than a phone's screen.
          popupMatchSelectWidth={Math.min(440, window.innerWidth - 32)}
          data-testid="audit-action-filter"
        />
      </Form.Item>
      <Form.Item name="strOutcome" label={t('filters.outcome')}>
        <Select
          allowClear={selectClear}
          style={{ width: 120 }}
          options={AuditOutcome.map((value) => ({ value, label: t(`outcome.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('filters.dateRange')}>
        <QuickRangePicker ns="audit" />
      </Form.Item>
    </FilterBar>
  );
}
