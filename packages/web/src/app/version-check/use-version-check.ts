import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { createVersionChecker } from './version-checker';

// One checker for the page's life: once it asked for a reload it stays quiet until the page goes.
const check = createVersionChecker({
  builtVersion: __APP_VERSION__,
  fetch: (url, init) => window.fetch(url, init),
  reload: () => window.location.reload(),
  now: () => Date.now(),
  storage: window.sessionStorage,
});

/** Checks /version.json on every navigation, the first one included (spec §2 "Route guard"). */
export function useVersionCheck(): void {
  const location = useLocation();
  useEffect(() => {
    void check();
  }, [location.key]);
}
