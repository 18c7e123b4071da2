import { CaseListScreen } from './case-list-screen';

/** /collection: the cases saved to the caller's collection, any state. */
export default function CollectionPage() {
  return <CaseListScreen path="/collection" list="collection" />;
}
