import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A way for a long loop of awaited work to let the server answer meanwhile: awaiting reads that
 * resolve at once (cached file bytes, uncompressed tiles) runs as microtasks only, which never
 * let timers or I/O in. A crafted TIFF declaring 60,000² px of one repeated tile held every
 * request of every hospital for a minute and more while its thumbnail was made, and the ingest's
 * timeout, a timer, could not fire. The function returned waits one turn of the event loop once
 * `everyMs` have passed since the last, and does nothing otherwise (cheap to call per tile).
 */
export function loopYielder(everyMs = 10): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < everyMs) {
      return;
    }
    await nextTurn();
    last = performance.now();
  };
}
