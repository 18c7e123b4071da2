import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_STATES, type AppointmentQuery } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { rangeToQuery } from '@/features/audit/utils/date-range';
import { tabPastEmptyRange } from '@/lib/range-picker-tab';
import { useSelectClear } from '@/lib/select-clear';

export interface AppointmentFilterValues {
  iState?: number;
  range?: [Dayjs, Dayjs] | null;
  strPatientName?: string;
  strDiagnosistNum?: string;
}

export type AppointmentFilters = Pick<
  AppointmentQuery,
  'iState' | 'dtStart' | 'dtEnd' | 'strPatientName' | 'strDiagnosistNum'
>;

export function toAppointmentFilters(v: AppointmentFilterValues): AppointmentFilters {
  return {
    iState: v.iState,
    strPatientName: v.strPatientName?.trim() || undefined,
    strDiagnosistNum: v.strDiagnosistNum?.trim() || undefined,
    ...rangeToQuery(v.range),
  };
}

/**
 * Quick ranges of a booking list: bookings lie mostly ahead, so next to spec §9's look back
 * (30 days) it offers today and the coming 7 and 14 days (the booking horizon).
 */
function presets(now: Dayjs, t: (key: string) => string) {
  const today = now.startOf('day');
  return [
    { label: t('presets.today'), value: [today, now.endOf('day')] as [Dayjs, Dayjs] },
    {
      label: t('presets.next7Days'),
      value: [today, today.add(6, 'day').endOf('day')] as [Dayjs, Dayjs],
    },
    {
      label: t('presets.next14Days'),
      value: [today, today.add(13, 'day').endOf('day')] as [Dayjs, Dayjs],
    },
    {
      label: t('presets.last30Days'),
      value: [today.subtract(29, 'day'), now.endOf('day')] as [Dayjs, Dayjs],
    },
  ];
}

/** The filter bar of /subscribeList: state, days of the half-day, patient name, number. */
export function AppointmentFilterBar({
  onSearch,
}: {
  onSearch: (filters: AppointmentFilters) => void;
}) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('appointments');
  return (
    <FilterBar<AppointmentFilterValues>
      name="appointmentFilters"
      onSearch={(values) => onSearch(toAppointmentFilters(values))}
      search={{ label: t('filters.search'), testId: 'appointment-search' }}
      reset={{ label: t('filters.reset'), testId: 'appointment-reset', values: {} }}
    >
      <Form.Item name="iState" label={t('filters.state')}>
        <Select
          allowClear={selectClear}
          placeholder={t('filters.allStates')}
          style={{ width: 120 }}
          options={APPOINTMENT_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          data-testid="appointment-filter-state"
        />
      </Form.Item>
      <Form.Item name="range" label={t('filters.range')}>
        <DatePicker.RangePicker presets={presets(dayjs(), t)} onKeyDown={tabPastEmptyRange} />
      </Form.Item>
      <Form.Item name="strPatientName" label={t('filters.name')}>
        <Input allowClear maxLength={16} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="strDiagnosistNum" label={t('filters.number')}>
        <Input allowClear maxLength={16} style={{ width: 140 }} />
      </Form.Item>
    </FilterBar>
  );
}
