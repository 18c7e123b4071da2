import { ResultPage } from './result-page';

/** /403: where the guard sends a role that is not in a route's authority list. */
export default function ForbiddenPage() {
  return <ResultPage status="403" />;
}
