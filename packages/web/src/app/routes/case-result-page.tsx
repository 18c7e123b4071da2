import { RoleType } from '@pathconsult/shared';
import { CaseDetailFrame } from '@/features/case-detail/components/case-detail-frame';
import { ExpertDiagnosis } from '@/features/diagnosis/components/expert-diagnosis';
import { ReaderDiagnosis } from '@/features/diagnosis/components/reader-diagnosis';
import { useSession } from '@/lib/use-session';

/**
 * /case/result-info: the diagnosis. The expert writes and signs their report here and sends the
 * case back; the doctor reads the signed reports and asks about them.
 */
export default function CaseResultPage() {
  const { iRoleType } = useSession();
  return (
    <CaseDetailFrame current="/case/result-info">
      {(patient) =>
        iRoleType === RoleType.Expert ? (
          <ExpertDiagnosis patient={patient} />
        ) : (
          <ReaderDiagnosis patient={patient} />
        )
      }
    </CaseDetailFrame>
  );
}
