/**
 * The upload's hashing thread: reads a chunk's slice of the picked file and computes its CRC-32,
 * so the page's own thread neither copies nor hashes the megabytes (at a hospital's gigabit,
 * hashing with SHA-256 was 4 ms a chunk, several hundred a second, and the screen stuttered while
 * the doctor worked on; CRC-32 is cheaper, but reading and copying a chunk still cost the page).
 */
import { chunkHasher } from './crc32';
import type { SliceJob, SliceAnswer } from './slice-digest';

const hash = chunkHasher(() => import('./wasm-crc32'));

/** The worker's global scope, as far as this file uses it (the web app's types are the DOM's). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SliceJob>) => void) | null;
  postMessage(answer: SliceAnswer): void;
};

scope.onmessage = (event) => {
  const { id, slice } = event.data;
  void (async () => {
    try {
      const bytes = new Uint8Array(await slice.arrayBuffer());
      scope.postMessage({ id, crc32: await hash(bytes), length: bytes.length });
    } catch (error) {
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  })();
};
