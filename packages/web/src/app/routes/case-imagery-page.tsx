import { CaseDetailFrame } from '@/features/case-detail/components/case-detail-frame';
import { CaseImagery } from '@/features/case-detail/components/case-imagery';
import { CaseScreenshots } from '@/features/annotations/components/case-screenshots';

/** /case/Imagery-info: the case's slides, their upload and deletion, and its report screenshots. */
export default function CaseImageryPage() {
  return (
    <CaseDetailFrame current="/case/Imagery-info">
      {(patient) => (
        <div key={patient.iPatientId}>
          <CaseImagery patient={patient} />
          <CaseScreenshots patient={patient} />
        </div>
      )}
    </CaseDetailFrame>
  );
}
