/**
 * Reload on a new deployment (spec §2 "Route guard"): on every navigation the app fetches
 * /version.json and compares it with the version the running bundle was built as
 * (`__APP_VERSION__`, vite.config.ts). A different version means the server now serves another
 * build, so the page reloads, and a user never keeps running an old build against a new server,
 * even when the deployment landed between the page load and the first check.
 *
 * A reload can bring the old bundle back (a cache in between): the version reloaded for is kept in
 * sessionStorage and the page is not reloaded for that version a second time, so it never loops.
 * Failures are ignored: a missed check only delays the reload to the next navigation. Without a
 * built-in version (`vite serve`) nothing is checked.
 */

/** sessionStorage key of the version the page last reloaded for. */
export const RELOADED_FOR_KEY = 'versionReloadedFor';

export interface VersionCheckerDeps {
  /** The version of the running bundle; empty in development, where nothing is checked. */
  builtVersion: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  reload: () => void;
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** What to do with the deployed version: nothing, or reload the page. */
export type VersionDecision = 'current' | 'reload' | 'alreadyReloaded';

/**
 * Compares the deployed version with the built one. `reloadedFor` is the version the page already
 * reloaded for once in this tab, if any.
 */
export function decideVersion(
  builtVersion: string,
  deployed: string,
  reloadedFor: string | null,
): VersionDecision {
  if (deployed === builtVersion) {
    return 'current';
  }
  return deployed === reloadedFor ? 'alreadyReloaded' : 'reload';
}

async function fetchVersion(deps: VersionCheckerDeps): Promise<string | null> {
  try {
    const response = await deps.fetch(`/version.json?t=${deps.now()}`, { cache: 'no-store' });
    if (!response.ok) {
      return null;
    }
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'string' && body.version !== '' ? body.version : null;
  } catch {
    // Offline, or not JSON: try again on the next navigation.
    return null;
  }
}

function read(storage: VersionCheckerDeps['storage']): string | null {
  try {
    return storage.getItem(RELOADED_FOR_KEY);
  } catch {
    return null;
  }
}

export function createVersionChecker(deps: VersionCheckerDeps): () => Promise<void> {
  let reloading = false;
  return async function check() {
    if (reloading || deps.builtVersion === '') {
      return;
    }
    const deployed = await fetchVersion(deps);
    if (deployed === null || reloading) {
      return;
    }
    try {
      switch (decideVersion(deps.builtVersion, deployed, read(deps.storage))) {
        case 'current':
          deps.storage.removeItem(RELOADED_FOR_KEY);
          return;
        case 'alreadyReloaded':
          return;
        case 'reload':
          deps.storage.setItem(RELOADED_FOR_KEY, deployed);
          break;
      }
    } catch {
      /*
       * Storage refused (private mode, quota): without the record a reload could loop, so this
       * check does not reload; the next deployment is picked up on a later navigation or visit.
       */
      return;
    }
    reloading = true;
    deps.reload();
  };
}
