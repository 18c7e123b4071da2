import { Alert, Empty, Radio, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppointmentSlots } from '../api/appointments';
import { halfDayText } from '../utils/appointment-view';

/** The form value of a chosen half-day: `YYYY-MM-DD|period`. */
export const slotKey = (dtDate: string, iPeriod: number) => `${dtDate}|${iPeriod}`;

export function parseSlotKey(key: string): { dtDate: string; iPeriod: number } {
  const [dtDate = '', period = ''] = key.split('|');
  return { dtDate, iPeriod: Number(period) };
}

/**
 * The expert's half-days of the next 14 days as buttons, booked ones disabled ("booked"); a
 * `Form.Item` control (value: slotKey). Buttons are `appointment-slot-<date>-<period>`.
 */
export function SlotPicker({
  iExpertId,
  value,
  onChange,
}: {
  iExpertId: number | null;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation('appointments');
  const slots = useAppointmentSlots(iExpertId);
  if (iExpertId === null) {
    return <Typography.Text type="secondary">{t('dialog.chooseExpertFirst')}</Typography.Text>;
  }
  if (slots.isPending) {
    return <Spin size="small" />;
  }
  if (slots.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('dialog.slotsError')}
        data-testid="appointment-slots-error"
      />
    );
  }
  const list = slots.data.listSlot;
  if (list.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dialog.noSlots')} />;
  }
  return (
    <Radio.Group
      value={value}
      onChange={(e) => onChange?.(e.target.value as string)}
      optionType="button"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      data-testid="appointment-slots"
    >
      {list.map((s) => (
        <Radio.Button
          key={slotKey(s.dtDate, s.iPeriod)}
          value={slotKey(s.dtDate, s.iPeriod)}
          disabled={s.bTaken}
          data-testid={`appointment-slot-${s.dtDate}-${s.iPeriod}`}
        >
          {halfDayText(s, t)}
          {s.bTaken && ` · ${t('dialog.taken')}`}
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}
