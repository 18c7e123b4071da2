import { Space } from 'antd';
import { CaseDetailFrame } from '@/features/case-detail/components/case-detail-frame';
import { CaseEvents } from '@/features/case-detail/components/case-events';
import { CaseRecord } from '@/features/case-detail/components/case-record';
import { CaseReceives } from '@/features/receives/components/case-receives';
import { ReturnDetail } from '@/features/diagnosis/components/return-detail';

/**
 * /case/report-info: the case record read-only, where it was sent, why it came back, and what
 * happened to it.
 */
export default function CaseReportPage() {
  return (
    <CaseDetailFrame current="/case/report-info">
      {(patient) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <CaseRecord patient={patient} />
          <CaseReceives iPatientId={patient.iPatientId} />
          <ReturnDetail iPatientId={patient.iPatientId} />
          <CaseEvents iPatientId={patient.iPatientId} />
        </Space>
      )}
    </CaseDetailFrame>
  );
}
