import { CaseDetailFrame } from '@/features/case-detail/components/case-detail-frame';
import { ComingLater } from '@/features/case-detail/components/coming-later';

/** /case/result-info: the diagnosis, which arrives with the consultation issue. */
export default function CaseResultPage() {
  return (
    <CaseDetailFrame current="/case/result-info">
      {() => <ComingLater textKey="result.later" testId="case-result-empty" />}
    </CaseDetailFrame>
  );
}
