/**
 * Reload on a new deployment (spec §2 "Route guard"): on every navigation the app fetches
 * /version.json; the first version seen is remembered and a different one later reloads the page,
 * so a user never keeps running an old build against a new server. Failures are ignored: a missed
 * check only delays the reload to the next navigation.
 */
export interface VersionCheckerDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  reload: () => void;
  now: () => number;
}

export function createVersionChecker(deps: VersionCheckerDeps): () => Promise<void> {
  let firstVersion: string | null = null;
  let reloading = false;
  return async function check() {
    if (reloading) {
      return;
    }
    try {
      const response = await deps.fetch(`/version.json?t=${deps.now()}`, { cache: 'no-store' });
      if (!response.ok) {
        return;
      }
      const body = (await response.json()) as { version?: unknown };
      if (typeof body.version !== 'string' || body.version === '') {
        return;
      }
      if (firstVersion === null) {
        firstVersion = body.version;
      } else if (body.version !== firstVersion) {
        reloading = true;
        deps.reload();
      }
    } catch {
      // Offline, dev server without the file, or not JSON: try again on the next navigation.
    }
  };
}
