import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * A chunk's bytes as they came off the request: the parser's pieces (views of the socket's
 * reads), never joined into one buffer, and their SHA-256 computed while they arrived. Every
 * megabyte copied is a megabyte of memory outside the JavaScript heap, and each 64 MB of those
 * starts a full garbage collection of the heap: joining the pieces cost the upload a seventh of
 * its throughput (bench/upload.bench.ts).
 */
export interface ReceivedChunk {
  pieces: readonly Buffer[];
  length: number;
  sha256: string;
}

/**
 * Reads a file part to its end. `tooLong()` says whether the parser cut it at its size limit
 * (the part's bytes are then incomplete: the caller refuses the chunk).
 */
export async function receiveFilePart(
  stream: Readable,
  tooLong: () => boolean,
): Promise<ReceivedChunk | 'too-long'> {
  const hash = createHash('sha256');
  const pieces: Buffer[] = [];
  let length = 0;
  for await (const piece of stream as AsyncIterable<Buffer>) {
    hash.update(piece);
    pieces.push(piece);
    length += piece.length;
  }
  if (tooLong()) {
    return 'too-long';
  }
  return { pieces, length, sha256: hash.digest('hex') };
}

/** The chunk's first `count` bytes (a content check): a copy of those bytes only. */
export function headOf(chunk: ReceivedChunk, count: number): Buffer {
  const head: Buffer[] = [];
  let taken = 0;
  for (const piece of chunk.pieces) {
    if (taken >= count) {
      break;
    }
    const part = piece.subarray(0, count - taken);
    head.push(part);
    taken += part.length;
  }
  return Buffer.concat(head, taken);
}
