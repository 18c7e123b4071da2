import * as koffi from 'koffi';

/**
 * Native libraries through koffi (libjpeg-turbo, OpenSlide, libcrypto): loading the first of
 * several sonames that exists, and calling a function on koffi's worker threads.
 */

/*
 * Memory blocks of asynchronous calls kept for reuse. Beyond koffi's default of 8, every call made
 * while 8 others were under way allocated and freed a stack and a heap of 128 KiB each (mmap,
 * page faults, munmap); building tiles of missing levels has up to 20 calls under way (4 tiles in
 * the limiter, 4 decodes and an encode each) and uploads up to 32 hashes.
 */
try {
  koffi.config({ ...koffi.config(), resident_async_pools: 32 });
} catch {
  // Set once per process: koffi refuses changes after a library is loaded (tests reload modules).
}

/** The first of `names` that loads, or null when none does (the library is not installed). */
export function loadFirstLibrary(names: readonly string[]): koffi.LibraryHandle | null {
  for (const name of names) {
    try {
      return koffi.load(name);
    } catch {
      // Try the next name.
    }
  }
  return null;
}

type AsyncCallable = { async(...args: unknown[]): void };

/**
 * `fn(...args)` on one of koffi's worker threads (libuv's pool). The arguments (buffers above
 * all) must stay untouched until it settles; koffi refuses more than 256 calls under way, so
 * callers bound theirs (NativeSlots).
 */
export function callOnWorker<T>(fn: unknown, ...args: unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    (fn as AsyncCallable).async(...args, (err: unknown, result: T) =>
      err ? reject(err as Error) : resolve(result),
    ),
  );
}
