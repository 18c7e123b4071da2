import { chunkHasher } from '../utils/sha256';
import { sliceDigester } from '../utils/slice-digest';
import { UploadManager } from './upload-manager';
import { httpTransport } from './upload-transport';

/**
 * The browser's one upload queue. SHA-256 runs in Web Crypto on https, else in hash-wasm (Web
 * Crypto's digest is not available on the plain-http addresses hospital networks use), loaded
 * with the first chunk, or in plain TypeScript where the browser refuses WebAssembly.
 */
const hash = chunkHasher(() => import('hash-wasm'));

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
