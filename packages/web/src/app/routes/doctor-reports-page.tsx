import { ReportList } from '@/features/diagnosis/components/report-list';

/** /DiagnosticReport: the reports on the doctor's own cases. */
export default function DoctorReportsPage() {
  return <ReportList who="doctor" />;
}
