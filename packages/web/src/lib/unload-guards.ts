/**
 * Work the page would lose if it went now (an upload running): what registers here keeps the
 * page from reloading by itself (chunk-reload.ts) — the user decides, from the error page's
 * refresh, when to leave.
 */
const guards = new Set<() => boolean>();

/** Registers a check of whether leaving now would lose work; returns its removal. */
export function addUnloadGuard(busy: () => boolean): () => void {
  guards.add(busy);
  return () => {
    guards.delete(busy);
  };
}

export function pageIsBusy(): boolean {
  return [...guards].some((busy) => busy());
}
