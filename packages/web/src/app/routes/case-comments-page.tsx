import { CaseDetailFrame } from '@/features/case-detail/components/case-detail-frame';
import { CommentThread } from '@/features/case-detail/components/comment-thread';

/** /case/comments-info: the conversation on the case. */
export default function CaseCommentsPage() {
  return (
    <CaseDetailFrame current="/case/comments-info">
      {(patient) => <CommentThread key={patient.iPatientId} iPatientId={patient.iPatientId} />}
    </CaseDetailFrame>
  );
}
