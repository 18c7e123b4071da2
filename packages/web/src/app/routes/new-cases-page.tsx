import { CaseListScreen } from './case-list-screen';

/** /setnew: the doctor's new (unsubmitted) cases, with the button to create one. */
export default function NewCasesPage() {
  return <CaseListScreen path="/setnew" list="new" />;
}
