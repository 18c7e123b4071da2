import { CaseListScreen } from './case-list-screen';

/** /returncases: cases the expert sent back. */
export default function ReturnedCasesPage() {
  return <CaseListScreen path="/returncases" list="returned" />;
}
