import { chunkHasher } from '../utils/sha256';
import { UploadManager } from './upload-manager';
import { httpTransport } from './upload-transport';

/**
 * The browser's one upload queue. SHA-256 runs in hash-wasm (Web Crypto's digest is not available
 * on the plain-http addresses hospital networks use), loaded with the first chunk, or in plain
 * TypeScript where the browser refuses WebAssembly.
 */
export const uploadManager = new UploadManager({
  transport: httpTransport,
  storage: window.localStorage,
  hash: chunkHasher(() => import('hash-wasm')),
});
