import { useEffect, useRef } from 'react';
import { addUnloadGuard } from './unload-guards';

/**
 * While `busy()` says leaving now would lose work (an upload running, report words not saved):
 * the browser asks before the page is closed or reloaded, and the page does not reload by itself
 * for a new deployment's screens (unload-guards.ts). `busy` is read when asked, its latest form.
 */
export function useLeaveGuard(busy: () => boolean): void {
  const latest = useRef(busy);
  useEffect(() => {
    latest.current = busy;
  });
  useEffect(() => {
    const check = () => latest.current();
    const warn = (event: BeforeUnloadEvent) => {
      if (check()) {
        event.preventDefault();
      }
    };
    window.addEventListener('beforeunload', warn);
    const removeGuard = addUnloadGuard(check);
    return () => {
      window.removeEventListener('beforeunload', warn);
      removeGuard();
    };
  }, []);
}
