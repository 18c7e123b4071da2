import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { cameFromPlatform } from './tab-history';

/**
 * "Back" on a screen that has nothing to show (a slide or case that is gone, a phone viewer):
 * where the user came from, or home when the page was opened first in this tab (a link in a
 * message or another app), where the browser's Back has nowhere in the platform to go.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  // The same function across renders (while the router's is): a control made once with it
  // (the phone viewer's Back, viewer-lead.tsx) is not made again at every render.
  return useCallback(() => void (cameFromPlatform() ? navigate(-1) : navigate('/')), [navigate]);
}
