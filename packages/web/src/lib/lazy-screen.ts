import { lazy, type ComponentType } from 'react';
import { Limits } from '@pathconsult/shared';
import { reloadForChunkError, type ChunkReloadDeps } from './chunk-reload';
import { pageIsBusy } from './unload-guards';

type ScreenModule<P> = { default: ComponentType<P> };

/**
 * Loads a screen's script with the chunk timeout of spec §9 (120 s): a chunk that never arrives
 * becomes an error the route's error boundary shows, instead of an endless spinner. A chunk gone
 * with a new deployment reloads the page once instead (chunk-reload.ts); the promise then stays
 * pending, so that the error page does not flash before the page goes.
 */
export function loadScreen<M>(
  load: () => Promise<M>,
  deps: ChunkReloadDeps,
  timeoutMs: number = Limits.chunkLoadTimeoutMs,
): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The page script took too long to load')),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!reloadForChunkError(error, deps)) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
  });
}

const browser: ChunkReloadDeps = {
  storage: {
    getItem: (key) => window.sessionStorage.getItem(key),
    setItem: (key, value) => window.sessionStorage.setItem(key, value),
  },
  now: () => Date.now(),
  reload: () => window.location.reload(),
  busy: pageIsBusy,
};

/**
 * React.lazy over loadScreen, for screens and for dialogs and panels that load when first opened:
 * after a deployment each of them reloads the page rather than showing an error.
 */
export function lazyScreen<P>(load: () => Promise<ScreenModule<P>>) {
  return Object.assign(
    lazy(() => loadScreen(load, browser)),
    {
      /**
       * Fetches and runs the script ahead, so that opening it later waits for neither. Quietly:
       * a failure here is met again, with its reload or error page, when the screen is opened.
       */
      preload: () => {
        load().catch(() => undefined);
      },
    },
  );
}

/** A script loaded in the background (not a component), with the same timeout and reload. */
export function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  return loadScreen(load, browser);
}
