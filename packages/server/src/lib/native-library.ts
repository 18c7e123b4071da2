import * as koffi from 'koffi';

/**
 * Native libraries through koffi (libjpeg-turbo, OpenSlide, libcrypto): loading the first of
 * several sonames that exists, and calling a function on koffi's worker threads.
 */

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
