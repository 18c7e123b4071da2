/**
 * CRC-32 (crc32.ts) and length of a chunk's slice of a picked file, on a worker thread (hash-worker.ts)
 * where the browser runs one, else read and hashed on the page's thread. A worker that cannot
 * start (a policy refusing it, an old browser) or fails is given up for good: the page's own
 * hash takes over, so an upload never stops for it.
 */

export interface SliceDigest {
  /** strChunkCrc32: 8 lower-case hex digits. */
  crc32: string;
  /** Bytes read: less than asked when the file shrank since it was picked. */
  length: number;
}

export type SliceDigester = (slice: Blob) => Promise<SliceDigest>;

/** A message to the worker, and its answer. */
export interface SliceJob {
  id: number;
  slice: Blob;
}
export type SliceAnswer =
  { id: number; crc32: string; length: number } | { id: number; error: string };

/** What the digester needs of a Worker (replaced in tests). */
export interface WorkerLike {
  postMessage(job: SliceJob): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SliceAnswer>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

interface Pending {
  resolve: (digest: SliceDigest) => void;
  reject: (error: Error) => void;
}

/**
 * The digester: `startWorker` is called once, at the first chunk; `hashOnPage` hashes where no
 * worker works.
 */
export function sliceDigester(
  startWorker: () => WorkerLike,
  hashOnPage: (bytes: Uint8Array) => Promise<string>,
): SliceDigester {
  let worker: WorkerLike | null | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const onPage = async (slice: Blob): Promise<SliceDigest> => {
    const bytes = new Uint8Array(await slice.arrayBuffer());
    return { crc32: await hashOnPage(bytes), length: bytes.length };
  };

  /** The worker failed: its chunks (and every later one) are hashed on the page. */
  const giveUp = () => {
    worker?.terminate();
    worker = null;
    const stranded = [...pending.values()];
    pending.clear();
    stranded.forEach((p) => p.reject(new Error('hash worker failed')));
  };

  const start = (): WorkerLike | null => {
    try {
      const w = startWorker();
      w.addEventListener('message', (event) => {
        const answer = event.data;
        const waiting = pending.get(answer.id);
        pending.delete(answer.id);
        if (!waiting) {
          return;
        }
        if ('error' in answer) {
          waiting.reject(new Error(answer.error));
        } else {
          waiting.resolve({ crc32: answer.crc32, length: answer.length });
        }
      });
      w.addEventListener('error', giveUp);
      return w;
    } catch {
      return null;
    }
  };

  return async (slice) => {
    if (worker === undefined) {
      worker = start();
    }
    const w = worker;
    if (!w) {
      return onPage(slice);
    }
    try {
      return await new Promise<SliceDigest>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        w.postMessage({ id, slice });
      });
    } catch {
      // This chunk (a read error, or the worker gone) is read again here: a file that cannot be
      // read fails here too, as it would have without a worker.
      return onPage(slice);
    }
  };
}

/**
 * A slice's CRC-32 and length: a browser's File slice off the page's thread where `digestSlice`
 * is given, anything else read here (its bytes returned, to be sent as they are).
 */
export async function digestOf(
  slice: { arrayBuffer(): Promise<ArrayBuffer> },
  hash: (bytes: Uint8Array) => Promise<string>,
  digestSlice: SliceDigester | undefined,
): Promise<SliceDigest & { bytes?: Uint8Array }> {
  if (slice instanceof Blob && digestSlice) {
    return digestSlice(slice);
  }
  const bytes = new Uint8Array(await slice.arrayBuffer());
  return { crc32: await hash(bytes), length: bytes.length, bytes };
}
