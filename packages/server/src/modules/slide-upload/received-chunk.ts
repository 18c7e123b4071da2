import type { Readable } from 'node:stream';

/** A buffer of the pool; `aligned`: its memory is page-aligned (direct writes, direct-write.ts). */
interface PooledBuffer {
  buffer: Buffer;
  aligned: boolean;
}

/**
 * Buffers for chunks, used again and again. A new megabyte per chunk is memory outside the
 * JavaScript heap, and each 64 MB of it starts a full garbage collection of the heap: at upload
 * speed that was several collections a second (bench/upload.bench.ts). One pool per app.
 *
 * With `allocateAligned`, up to `maxAligned` buffers are page-aligned memory, kept for the
 * life of the process (never freed); beyond that, ordinary buffers, of which `maxIdlePlain` are
 * kept while uploads are quiet.
 */
export class ChunkBufferPool {
  private readonly idleAligned: Buffer[] = [];
  private readonly idlePlain: Buffer[] = [];
  private alignedCount = 0;

  constructor(
    readonly size: number,
    private readonly allocateAligned: ((size: number) => Buffer) | null = null,
    private readonly maxAligned = 32,
    private readonly maxIdlePlain = 8,
  ) {}

  take(): PooledBuffer {
    const aligned = this.idleAligned.pop();
    if (aligned) {
      return { buffer: aligned, aligned: true };
    }
    if (this.allocateAligned && this.alignedCount < this.maxAligned) {
      try {
        const buffer = this.allocateAligned(this.size);
        this.alignedCount += 1;
        return { buffer, aligned: true };
      } catch {
        // No aligned memory to be had: an ordinary buffer does (written buffered).
      }
    }
    return { buffer: this.idlePlain.pop() ?? Buffer.allocUnsafeSlow(this.size), aligned: false };
  }

  give({ buffer, aligned }: PooledBuffer): void {
    if (aligned) {
      this.idleAligned.push(buffer);
    } else if (this.idlePlain.length < this.maxIdlePlain) {
      this.idlePlain.push(buffer);
    }
  }
}

/**
 * A chunk's bytes in a pooled buffer, with a count of who holds them: the request, and the
 * running digest while it keeps an early chunk or hashes one. The last release gives the
 * buffer back to the pool; nothing may touch `bytes` after its own release.
 */
export interface ReceivedChunk {
  readonly bytes: Buffer;
  /** `bytes` start on a page boundary: the chunk may be written direct. */
  readonly aligned: boolean;
  retain(): void;
  release(): void;
}

function pooledChunk(pooled: PooledBuffer, length: number, pool: ChunkBufferPool): ReceivedChunk {
  let holders = 1;
  return {
    bytes: pooled.buffer.subarray(0, length),
    aligned: pooled.aligned,
    retain() {
      holders += 1;
    },
    release() {
      holders -= 1;
      if (holders === 0) {
        pool.give(pooled);
      }
    },
  };
}

/**
 * Reads a file part to its end into a buffer of the pool. 'too-long' when the part does not fit
 * or the parser cut it at its size limit (`tooLong()`): the chunk is then refused.
 */
export async function receiveFilePart(
  stream: Readable,
  tooLong: () => boolean,
  pool: ChunkBufferPool,
): Promise<ReceivedChunk | 'too-long'> {
  const pooled = pool.take();
  const { buffer } = pooled;
  let length = 0;
  let overflow = false;
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      // Read on to the end either way: the request's other parts come after.
      if (overflow || length + piece.length > buffer.length) {
        overflow = true;
        continue;
      }
      piece.copy(buffer, length);
      length += piece.length;
    }
  } catch (error) {
    pool.give(pooled);
    throw error;
  }
  if (overflow || tooLong()) {
    pool.give(pooled);
    return 'too-long';
  }
  return pooledChunk(pooled, length, pool);
}
