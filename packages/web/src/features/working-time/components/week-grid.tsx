import { Checkbox } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIODS, WEEKDAYS, weekdayName } from '@pathconsult/shared';
import { langOfI18n } from '@/lib/lang';
import { halfDayKey, toggleKey } from '../utils/week-grid';

interface WeekGridProps {
  /** Checked half-days, `"<weekday>-<period>"` (utils/week-grid.ts). */
  value: readonly string[];
  onChange: (keys: string[]) => void;
  disabled?: boolean;
}

const cell: CSSProperties = {
  padding: '6px 16px',
  textAlign: 'center',
  borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
};
const head: CSSProperties = { ...cell, fontWeight: 600 };

/**
 * The week as a 7 × 2 grid of checkboxes (weekday rows, morning and afternoon columns). A real
 * table with row and column headers, and native checkboxes: Tab walks the cells in reading
 * order, Space toggles one, and a screen reader names each ("周一 上午"). Cells are
 * `schedule-cell-<weekday>-<period>`.
 */
export function WeekGrid({ value, onChange, disabled }: WeekGridProps) {
  const { t, i18n } = useTranslation('workingTime');
  const lang = langOfI18n(i18n.language);
  const checked = new Set(value);
  const periodLabel = (p: number) => t(p === 1 ? 'week.morning' : 'week.afternoon');
  return (
    <table data-testid="week-grid" style={{ borderCollapse: 'collapse', margin: '0 auto' }}>
      <caption style={{ captionSide: 'bottom', paddingTop: 8, color: 'rgba(0, 0, 0, 0.45)' }}>
        {t('dialog.hint')}
      </caption>
      <thead>
        <tr>
          <th scope="col" style={head}>
            {t('week.weekday')}
          </th>
          {PERIODS.map((p) => (
            <th key={p} scope="col" style={head}>
              {periodLabel(p)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((day) => (
          <tr key={day}>
            <th scope="row" style={head}>
              {weekdayName(day, lang)}
            </th>
            {PERIODS.map((p) => {
              const key = halfDayKey(day, p);
              return (
                <td key={p} style={cell}>
                  <Checkbox
                    checked={checked.has(key)}
                    disabled={disabled}
                    aria-label={`${weekdayName(day, lang)} ${periodLabel(p)}`}
                    data-testid={`schedule-cell-${day}-${p}`}
                    onChange={(e) => onChange(toggleKey(value, key, e.target.checked))}
                  />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
