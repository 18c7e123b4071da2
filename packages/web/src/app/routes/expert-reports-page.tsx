import { ReportList } from '@/features/diagnosis/components/report-list';

/** /ExpertsReorts: the reports the expert signed. */
export default function ExpertReportsPage() {
  return <ReportList who="expert" />;
}
