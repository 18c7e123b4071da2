import { DatePicker } from 'antd';
import type { GetProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { tabPastEmptyRange } from '@/lib/range-picker-tab';
import { quickRanges } from '../utils/date-range';

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

/**
 * A date range picker with the quick ranges of spec §9 (yesterday, last 7 and 30 days), as every
 * dated list filters by. Texts come from the screen's namespace (`presets.*`). Used as a
 * `Form.Item` control: value and onChange pass through.
 */
export function QuickRangePicker({ ns, ...props }: RangePickerProps & { ns: string }) {
  const { t } = useTranslation(ns);
  const ranges = quickRanges(dayjs());
  return (
    <DatePicker.RangePicker
      {...props}
      onKeyDown={(event, preventDefault) => {
        tabPastEmptyRange(event);
        props.onKeyDown?.(event, preventDefault);
      }}
      presets={[
        { label: t('presets.yesterday'), value: ranges.yesterday },
        { label: t('presets.last7Days'), value: ranges.last7Days },
        { label: t('presets.last30Days'), value: ranges.last30Days },
      ]}
    />
  );
}
