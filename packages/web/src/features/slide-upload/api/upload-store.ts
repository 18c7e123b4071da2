import { chunkHasher } from '../utils/crc32';
import { sliceDigester } from '../utils/slice-digest';
import { UploadManager } from './upload-manager';
import { httpTransport } from './upload-transport';

/**
 * The browser's one upload queue. Each chunk's CRC-32 runs in hash-wasm (its CRC-32 alone,
 * wasm-crc32.ts), loaded with the first chunk, or in plain TypeScript where the browser refuses
 * WebAssembly (crc32.ts).
 */
const hash = chunkHasher(() => import('../utils/wasm-crc32'));

export const uploadManager = new UploadManager({
  transport: httpTransport,
  storage: window.localStorage,
  hash,
  // Chunks of picked files are read and hashed on a worker thread, the page's own as fallback.
  digestSlice: sliceDigester(
    () => new Worker(new URL('../utils/hash-worker.ts', import.meta.url), { type: 'module' }),
    hash,
  ),
});
