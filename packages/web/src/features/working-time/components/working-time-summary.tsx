import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatWorkingWeek, sortSlots, type WorkingSlot } from '@pathconsult/shared';
import { langOfI18n } from '@/lib/lang';

interface WorkingTimeSummaryProps {
  slots: readonly WorkingSlot[];
  testId?: string;
}

/**
 * An expert's week in one line ("周一上午、周三全天" / "Mon AM, Wed all day"), or "not scheduled".
 * Notes of the half-days show in a tooltip. For lists and the expert pickers (issue 7).
 */
export function WorkingTimeSummary({ slots, testId }: WorkingTimeSummaryProps) {
  const { t, i18n } = useTranslation('workingTime');
  const lang = langOfI18n(i18n.language);
  if (slots.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('week.none')}
      </Typography.Text>
    );
  }
  const text = <span data-testid={testId}>{formatWorkingWeek(slots, lang)}</span>;
  const noted = sortSlots(slots).filter((s) => s.strNote);
  if (noted.length === 0) {
    return text;
  }
  return (
    <Tooltip
      title={noted.map((s) => (
        <div key={s.iWorkingTimeId}>
          {formatWorkingWeek([s], lang)}: {s.strNote}
        </div>
      ))}
    >
      {text}
    </Tooltip>
  );
}
