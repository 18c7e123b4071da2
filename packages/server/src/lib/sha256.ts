import { createHash } from 'node:crypto';
import { callOnWorker, loadFirstLibrary } from './native-library';
import { NativeSlots } from './native-slots';

/** A SHA-256 fed in order, piece by piece. */
export interface RunningSha256 {
  /** Adds `bytes` after everything given before; they must not change until it settles. */
  update(bytes: Uint8Array): Promise<void>;
  /** The hex digest of everything added, once every update has settled; frees the state. */
  finish(): Promise<string>;
  /** Frees the state without a digest (after any update under way). */
  dispose(): void;
}

/** SHA-256 for the upload's hot path. */
export interface Sha256Engine {
  readonly name: 'libcrypto' | 'node';
  /** The hex SHA-256 of `bytes`, which must not change until it settles. */
  digest(bytes: Uint8Array): Promise<string>;
  running(): RunningSha256;
}

/**
 * Node's own hashing: on the main thread (0.5–0.6 ms a megabyte). The fallback where libcrypto
 * cannot be loaded.
 */
export const nodeSha256: Sha256Engine = {
  name: 'node',
  digest: async (bytes) => createHash('sha256').update(bytes).digest('hex'),
  running() {
    const hash = createHash('sha256');
    let done = false;
    const open = () => {
      if (done) {
        throw new Error('SHA-256 already finished');
      }
    };
    return {
      update: async (bytes) => {
        open();
        hash.update(bytes);
      },
      finish: async () => {
        open();
        done = true;
        return hash.digest('hex');
      },
      dispose: () => {
        done = true;
      },
    };
  },
};

/** Debian 12 ships OpenSSL 3 as libcrypto.so.3 (libssl3, which PostgreSQL and Python need). */
const LIBRARY_NAMES = ['libcrypto.so.3', 'libcrypto.so'];

type Pointer = unknown;

/**
 * Hashes under way on worker threads at once; the rest wait in order. koffi refuses more than
 * 256 asynchronous calls running or queued (the tile codec's share them), and libuv's pool is
 * small anyway: a burst of uploads must queue, not fail.
 */
const slots = new NativeSlots(32);
const onWorker = (fn: unknown, ...args: unknown[]) =>
  slots.run(() => callOnWorker<number>(fn, ...args));

/**
 * SHA-256 by OpenSSL's libcrypto through koffi, hashed on koffi's worker threads (libuv's
 * pool): an upload hashes every megabyte twice (its chunk's check and the file's running digest),
 * which on Node's own hash took a fifth of the event loop's time per chunk
 * (bench/upload.bench.ts). The bytes are read in place, never copied. Null when libcrypto cannot
 * be loaded. Types are spelled as plain C types, never registered by name (koffi's registry is
 * process-wide; tests load modules more than once).
 */
export function loadLibcryptoSha256(names: readonly string[] = LIBRARY_NAMES): Sha256Engine | null {
  const lib = loadFirstLibrary(names);
  if (!lib) {
    return null;
  }
  try {
    const sha256 = lib.func('const void *EVP_sha256(void)')() as Pointer;
    const newContext = lib.func('void *EVP_MD_CTX_new(void)');
    const freeContext = lib.func('void EVP_MD_CTX_free(void *ctx)');
    const init = lib.func('int EVP_DigestInit_ex(void *ctx, const void *type, void *impl)');
    const update = lib.func('int EVP_DigestUpdate(void *ctx, const uint8_t *d, size_t cnt)');
    const final = lib.func('int EVP_DigestFinal_ex(void *ctx, uint8_t *md, unsigned int *size)');
    const oneShot = lib.func(
      'int EVP_Digest(const uint8_t *data, size_t count, uint8_t *md, unsigned int *size, ' +
        'const void *type, void *impl)',
    );
    const checked = (status: number, what: string) => {
      if (status !== 1) {
        throw new Error(`libcrypto ${what} failed`);
      }
    };
    return {
      name: 'libcrypto',
      async digest(bytes) {
        const md = Buffer.alloc(32);
        checked(await onWorker(oneShot, bytes, bytes.length, md, null, sha256, null), 'EVP_Digest');
        return md.toString('hex');
      },
      running() {
        const context = newContext() as Pointer;
        if (!context) {
          throw new Error('libcrypto EVP_MD_CTX_new failed');
        }
        if ((init(context, sha256, null) as number) !== 1) {
          freeContext(context);
          throw new Error('libcrypto EVP_DigestInit_ex failed');
        }
        // One update at a time on one context, in the order given; freed once, after the last.
        // `closed` is set at once by finish and dispose: no update can queue behind the free.
        let tail: Promise<void> = Promise.resolve();
        let failure: unknown = null;
        let closed = false;
        let freed = false;
        const free = () => {
          if (!freed) {
            freed = true;
            freeContext(context);
          }
        };
        return {
          update(bytes) {
            if (closed) {
              return Promise.reject(new Error('SHA-256 already finished'));
            }
            const step = tail.then(async () => {
              if (failure !== null) {
                throw failure;
              }
              checked(await onWorker(update, context, bytes, bytes.length), 'EVP_DigestUpdate');
            });
            tail = step.catch((error: unknown) => {
              failure ??= error;
            });
            return step;
          },
          async finish() {
            if (closed) {
              throw new Error('SHA-256 already finished');
            }
            closed = true;
            await tail;
            if (failure !== null) {
              free();
              throw failure;
            }
            const md = Buffer.alloc(32);
            const status = final(context, md, null) as number;
            free();
            checked(status, 'EVP_DigestFinal_ex');
            return md.toString('hex');
          },
          dispose() {
            closed = true;
            void tail.then(free);
          },
        };
      },
    };
  } catch {
    return null;
  }
}

/** libcrypto where it loads, else Node's own hash. */
export function loadSha256Engine(): Sha256Engine {
  return loadLibcryptoSha256() ?? nodeSha256;
}
