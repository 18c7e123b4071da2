import { Space } from 'antd';
import { CaseDetailFrame } from '@/features/case-detail/components/case-detail-frame';
import { CaseEvents } from '@/features/case-detail/components/case-events';
import { CaseRecord } from '@/features/case-detail/components/case-record';

/** /case/report-info: the case record read-only and what happened to it. */
export default function CaseReportPage() {
  return (
    <CaseDetailFrame current="/case/report-info">
      {(patient) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <CaseRecord patient={patient} />
          <CaseEvents iPatientId={patient.iPatientId} />
        </Space>
      )}
    </CaseDetailFrame>
  );
}
