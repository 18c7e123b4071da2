import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'gold' };

/** ddIsDiagnosis of a hospital: 0 no diagnosis, 1 diagnosis, 2 diagnosis center. */
export function HospitalTypeTag({ value }: { value: number }) {
  const { t } = useTranslation('hospitals');
  return (
    <Tag color={COLORS[value] ?? 'default'}>
      {t(`hospitalType.${value}`, { ns: 'common', defaultValue: String(value) })}
    </Tag>
  );
}
