import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatientDto, SlideDocumentDto } from '@pathconsult/shared';
import { toastSuccess } from '@/lib/toast';
import { useAttachWaitingSlides, useWaitingSlides } from '../api/waiting-slides';

/**
 * In a case's Slide files tab, for its owner while it takes slides: slides uploaded under its
 * number that no case holds yet (a colleague's upload by number, say: a new case takes such
 * slides by itself, but not those sent after it), with a button that adds them to the case
 * (patient/matchSlideDocument). Renders nothing when there are none.
 */
export function WaitingSlidesNotice({
  patient,
  caseSlides,
}: {
  patient: PatientDto;
  caseSlides: readonly SlideDocumentDto[];
}) {
  const { t } = useTranslation('upload');
  const waiting = useWaitingSlides(patient.strDiagnosistNum, caseSlides, true);
  const attach = useAttachWaitingSlides();
  if (waiting.length === 0) {
    return null;
  }
  return (
    <Alert
      type="info"
      showIcon
      title={t('imagery.waiting', {
        count: waiting.length,
        names: waiting.map((s) => s.strFileName).join(t('common:namesSeparator')),
      })}
      action={
        <Button
          size="small"
          type="primary"
          loading={attach.isPending}
          onClick={() =>
            attach.mutate(patient.iPatientId, {
              onSuccess: (result) =>
                toastSuccess(t('imagery.attached', { count: result.iMatched })),
            })
          }
          data-testid="imagery-attach-waiting"
        >
          {t('imagery.attachWaiting')}
        </Button>
      }
      data-testid="imagery-waiting"
    />
  );
}
