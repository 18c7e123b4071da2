import { CaseDetailFrame } from '@/features/case-detail/components/case-detail-frame';
import { ComingLater } from '@/features/case-detail/components/coming-later';

/** /case/Imagery-info: the case's slide files, which arrive with the upload issue. */
export default function CaseImageryPage() {
  return (
    <CaseDetailFrame current="/case/Imagery-info">
      {() => <ComingLater textKey="imagery.later" testId="case-imagery-empty" />}
    </CaseDetailFrame>
  );
}
