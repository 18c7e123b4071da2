import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { createVersionChecker } from './version-checker';

// One checker for the page's life: it must remember the first version seen across navigations.
const check = createVersionChecker({
  fetch: (url, init) => window.fetch(url, init),
  reload: () => window.location.reload(),
  now: () => Date.now(),
});

/** Checks /version.json on every navigation (spec §2 "Route guard"). */
export function useVersionCheck(): void {
  const location = useLocation();
  useEffect(() => {
    void check();
  }, [location.key]);
}
