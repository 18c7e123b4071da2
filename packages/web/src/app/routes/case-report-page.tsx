import { Space } from 'antd';
import { RoleType } from '@pathconsult/shared';
import { CaseDetailFrame } from '@/features/case-detail/components/case-detail-frame';
import { CaseEvents } from '@/features/case-detail/components/case-events';
import { CaseRecord } from '@/features/case-detail/components/case-record';
import { CaseReceives } from '@/features/receives/components/case-receives';
import { CaseCurrentReports } from '@/features/diagnosis/components/case-current-reports';
import { ReturnDetail } from '@/features/diagnosis/components/return-detail';
import { useSession } from '@/lib/use-session';

/**
 * /case/report-info: for the doctor and the expert first the signed report as it stands, then the
 * case record read-only, where it was sent, why it came back, and what happened to it. An expert
 * who signed and opened "诊断报告" found only the case record: the report was a tab away.
 */
export default function CaseReportPage() {
  const { iRoleType } = useSession();
  const signsOrReads = iRoleType === RoleType.Doctor || iRoleType === RoleType.Expert;
  return (
    <CaseDetailFrame current="/case/report-info">
      {(patient) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {signsOrReads && <CaseCurrentReports iPatientId={patient.iPatientId} />}
          <CaseRecord patient={patient} />
          <CaseReceives iPatientId={patient.iPatientId} />
          <ReturnDetail iPatientId={patient.iPatientId} />
          <CaseEvents iPatientId={patient.iPatientId} />
        </Space>
      )}
    </CaseDetailFrame>
  );
}
