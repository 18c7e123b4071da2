import { CaseListScreen } from './case-list-screen';

/** /waitdiagnosis: cases sent for diagnosis, waiting for the expert. */
export default function WaitingCasesPage() {
  return <CaseListScreen path="/waitdiagnosis" list="waiting" />;
}
