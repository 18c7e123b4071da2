import type { Readable } from 'node:stream';

/**
 * Buffers for chunks, used again and again. A new megabyte per chunk is memory outside the
 * JavaScript heap, and each 64 MB of it starts a full garbage collection of the heap: at upload
 * speed that was several collections a second (bench/upload.bench.ts). One pool per app.
 */
export class ChunkBufferPool {
  private readonly idle: Buffer[] = [];

  /** `size`: the largest chunk; `maxIdle`: buffers kept when uploads are quiet. */
  constructor(
    readonly size: number,
    private readonly maxIdle = 16,
  ) {}

  take(): Buffer {
    return this.idle.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }

  give(buffer: Buffer): void {
    if (this.idle.length < this.maxIdle) {
      this.idle.push(buffer);
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
  retain(): void;
  release(): void;
}

function pooledChunk(buffer: Buffer, length: number, pool: ChunkBufferPool): ReceivedChunk {
  let holders = 1;
  return {
    bytes: buffer.subarray(0, length),
    retain() {
      holders += 1;
    },
    release() {
      holders -= 1;
      if (holders === 0) {
        pool.give(buffer);
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
  const buffer = pool.take();
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
    pool.give(buffer);
    throw error;
  }
  if (overflow || tooLong()) {
    pool.give(buffer);
    return 'too-long';
  }
  return pooledChunk(buffer, length, pool);
}
