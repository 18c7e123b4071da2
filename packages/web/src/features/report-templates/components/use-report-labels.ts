import { useTranslation } from 'react-i18next';
import type { ReportFieldKey, ReportSectionKey, ReportVariantName } from '@pathconsult/shared';

/** Fields a report prints that the case form has no label for (they are not typed in). */
const OWN_LABELS: readonly ReportFieldKey[] = ['strHospitalName', 'owner', 'dtSubmitTime'];

/**
 * Names of sections and fields as the screen shows them: the case form's wording (`cases`
 * namespace) for case fields, so the form designer and the case form say the same; a pet's name
 * and section on a veterinary deployment.
 */
export function useReportLabels(variant: ReportVariantName) {
  const { t } = useTranslation(['reportTemplates', 'cases']);
  const vet = variant === 'veterinary';
  return {
    section: (key: ReportSectionKey) =>
      t(`reportTemplates:sections.${key === 'patient' && vet ? 'pet' : key}`),
    field: (key: ReportFieldKey) => {
      if (OWN_LABELS.includes(key)) {
        return t(`reportTemplates:fields.${key}`);
      }
      return t(`cases:fields.${key === 'strPatientName' && vet ? 'petName' : key}`);
    },
  };
}
