import { CaseListScreen } from './case-list-screen';

/** /enddiagnosis: diagnosed cases. */
export default function CompletedCasesPage() {
  return <CaseListScreen path="/enddiagnosis" list="completed" />;
}
