/**
 * A screen's script that no longer exists: after a new deployment, the page still running the old
 * build asks for its chunks by their old hashed names, and the server has only the new ones
 * ("Failed to fetch dynamically imported module"). Reloading the page loads the new index.html
 * and the new chunk names, so the page reloads once by itself instead of showing the error page.
 *
 * A reload may not help (the chunk is really missing, the server is half-deployed, a cache serves
 * the old page): the time of the reload is kept in sessionStorage and the page does not reload for
 * a chunk again within RELOAD_WINDOW_MS of it, so it never loops; the error page then offers the
 * refresh. The time rather than a flag: a later deployment in the same tab is handled again.
 */

/** sessionStorage key of when the page last reloaded for a missing chunk (ms since the epoch). */
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';

/** No second automatic reload within this time of the first. */
export const RELOAD_WINDOW_MS = 60_000;

/**
 * The browsers' words for a module script that could not be fetched (Chromium, Firefox, Safari),
 * and Vite's for a screen's stylesheet that could not be.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** Whether to reload now, given when the page last reloaded for a chunk (null: never). */
export function shouldReloadForChunk(now: number, lastReloadAt: number | null): boolean {
  // A time ahead of now (the clock was turned back) does not block reloads for good.
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_WINDOW_MS || now < lastReloadAt;
}

export interface ChunkReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
  /** Work a reload would lose (an upload running): then no reload by itself. */
  busy?: () => boolean;
}

/**
 * Reloads the page for a chunk that failed to load, unless it did so just before or the page is
 * busy (an upload would stop); true when the page is reloading (the caller then shows nothing
 * more: the page is going).
 */
export function reloadForChunkError(error: unknown, deps: ChunkReloadDeps): boolean {
  if (!isChunkLoadError(error) || deps.busy?.()) {
    return false;
  }
  const now = deps.now();
  try {
    const stored = deps.storage.getItem(CHUNK_RELOAD_KEY);
    const last = stored === null ? null : Number(stored);
    if (!shouldReloadForChunk(now, last !== null && Number.isFinite(last) ? last : null)) {
      return false;
    }
    deps.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Storage refused: without the record a reload could loop, so the error page shows instead.
    return false;
  }
  deps.reload();
  return true;
}
