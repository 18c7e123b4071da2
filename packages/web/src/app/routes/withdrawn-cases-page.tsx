import { CaseListScreen } from './case-list-screen';

/** /recall: cases the doctor took back before the expert viewed them. */
export default function WithdrawnCasesPage() {
  return <CaseListScreen path="/recall" list="withdrawn" />;
}
