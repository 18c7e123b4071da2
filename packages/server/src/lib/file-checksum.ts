import { createXXHash128, type IHasher } from 'hash-wasm';

/**
 * A slide file's checksum: XXH3-128, printed as `xxh128sum` prints it (32 lower-case hex
 * digits), so hospital IT can check a stored file with Debian's xxhash tools.
 *
 * Not SHA-256: on processors without SHA instructions (the Xeons of this kind of machine) it
 * costs 4.5 ms of a core per megabyte, and every uploaded megabyte was hashed three times (the
 * client's chunk check, the server's, the file's digest): bench:upload made 77 MB/s for it.
 * XXH3-128 takes 0.4 ms a megabyte in WebAssembly. The checksum guards against damage (a lost
 * write, a changed file), not against someone forging a file; access to slides is the tenancy
 * module's job.
 */

/** A file's checksum fed in order, piece by piece. */
export interface RunningChecksum {
  /** Adds `bytes` after everything given before. */
  update(bytes: Uint8Array): void;
  /** The hex checksum of everything added; the state is gone afterwards. */
  finish(): string;
  /** Drops the state without a checksum. */
  dispose(): void;
}

export interface FileChecksums {
  /** A new running checksum (of an empty file until updated). */
  running(): RunningChecksum;
}

/**
 * XXH3-128 on one WebAssembly hasher shared by every file: each file keeps its own saved state
 * (a few hundred bytes), loaded into the hasher for each update. Updates run on the calling
 * thread, synchronously, so two files never interleave inside the hasher.
 */
export async function loadFileChecksums(): Promise<FileChecksums> {
  const hasher: IHasher = await createXXHash128();
  return {
    running() {
      let state: Uint8Array | null = hasher.init().save();
      const held = (): Uint8Array => {
        if (!state) {
          throw new Error('checksum already finished');
        }
        return state;
      };
      return {
        update(bytes) {
          state = hasher.load(held()).update(bytes).save();
        },
        finish() {
          const hex = hasher.load(held()).digest('hex');
          state = null;
          return hex;
        },
        dispose() {
          state = null;
        },
      };
    },
  };
}
