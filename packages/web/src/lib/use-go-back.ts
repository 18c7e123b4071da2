import { useNavigate } from 'react-router';

/**
 * Whether the entry before this one in the tab's history is the platform's. The router numbers
 * the entries it makes (`idx`, 0 for the page the tab opened on); the history's length counts
 * other sites' pages too, and a link opened in a tab that had been elsewhere went Back out of
 * the platform. Entries the router did not make (an address typed with its "#/...") have no
 * number: there the length is all there is to go by.
 */
function cameFromPlatform(): boolean {
  const idx: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : window.history.length > 1;
}

/**
 * "Back" on a screen that has nothing to show (a slide or case that is gone, a phone viewer):
 * where the user came from, or home when the page was opened first in this tab (a link in a
 * message or another app), where the browser's Back has nowhere in the platform to go.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => void (cameFromPlatform() ? navigate(-1) : navigate('/'));
}
