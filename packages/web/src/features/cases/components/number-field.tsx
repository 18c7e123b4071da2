import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseLimits } from '@pathconsult/shared';
import { CaseItem } from './case-item';

interface NumberFieldProps {
  /** The number an empty field will take (the hospital's rule), or null when it must be typed. */
  nextNumber: string | null;
  /** The hospital's rule is still being read. */
  loading: boolean;
  editing: boolean;
}

/**
 * The pathology number. A new case may leave it empty when the hospital has a numbering rule: the
 * server then takes the next number while saving (the hint shows which one comes next). Without
 * a rule, and once a case has its number, it is required. A taken number is refused by the
 * server and shown here.
 */
export function NumberField({ nextNumber, loading, editing }: NumberFieldProps) {
  const { t } = useTranslation('cases');
  let extra: string | undefined;
  if (!editing) {
    if (loading) {
      extra = t('form.numberLoading');
    } else {
      extra = nextNumber
        ? t('form.autoNumberHint', { next: nextNumber })
        : t('form.manualNumberHint');
    }
  }
  return (
    <CaseItem field="strDiagnosistNum" extra={extra}>
      <Input
        maxLength={CaseLimits.diagnosisNumMax}
        // The limit seen as it is reached: a pasted longer number was cut without a word.
        showCount
        allowClear
        autoComplete="off"
        placeholder={
          nextNumber && !editing ? t('form.autoNumber', { next: nextNumber }) : undefined
        }
      />
    </CaseItem>
  );
}
