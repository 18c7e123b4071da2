import { ResultPage } from './result-page';

/** The catch-all 404, also shown for /forget when the forget-password switch is off. */
export default function NotFoundPage() {
  return <ResultPage status="404" />;
}
