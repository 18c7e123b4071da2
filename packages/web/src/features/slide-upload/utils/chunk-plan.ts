import { chunkLengthOf, missingRanges } from '@pathconsult/shared';

/**
 * What remains to send of a slide document, from what the server says it holds (the
 * `listReceived` ranges of addUploadRecords / getFileStatus), in the order of its files (the
 * server lists the main file first: its first chunk is where the content check happens).
 */

/** One file of a document as the server describes it. */
export interface FileChunks {
  strFilePath: string;
  lSize: number;
  iChunkCount: number;
  listReceived: readonly [number, number][];
}

/** One chunk to send: which file, which index, which bytes. */
export interface PlannedChunk {
  strFilePath: string;
  iChunk: number;
  start: number;
  end: number;
}

export interface ChunkPlan {
  /** Chunks to send first, in any order (several in flight). */
  pending: PlannedChunk[];
  /**
   * The chunk sent last, with iUpdadeState=1, once every pending chunk is acknowledged: it
   * completes the document. When nothing is missing it is a chunk the server already holds (a
   * duplicate is accepted as is), so that completion still happens. Null only when the document
   * has no byte at all.
   */
  final: PlannedChunk | null;
}

export function chunkOf(file: FileChunks, index: number, chunkBytes: number): PlannedChunk {
  const start = index * chunkBytes;
  return {
    strFilePath: file.strFilePath,
    iChunk: index,
    start,
    end: start + chunkLengthOf(file.lSize, index, chunkBytes),
  };
}

/** The chunks of `file` in the given inclusive ranges (clipped to the file). */
export function chunksInRanges(
  file: FileChunks,
  ranges: readonly [number, number][],
  chunkBytes: number,
): PlannedChunk[] {
  const chunks: PlannedChunk[] = [];
  for (const [from, to] of ranges) {
    for (let i = Math.max(0, from); i <= Math.min(to, file.iChunkCount - 1); i += 1) {
      chunks.push(chunkOf(file, i, chunkBytes));
    }
  }
  return chunks;
}

export function chunkPlan(files: readonly FileChunks[], chunkBytes: number): ChunkPlan {
  const pending = files.flatMap((file) =>
    chunksInRanges(file, missingRanges(file.iChunkCount, file.listReceived), chunkBytes),
  );
  const held = pending.pop();
  if (held) {
    return { pending, final: held };
  }
  const last = [...files].reverse().find((file) => file.iChunkCount > 0);
  return { pending, final: last ? chunkOf(last, last.iChunkCount - 1, chunkBytes) : null };
}

/** Bytes the server holds of these files. */
export function receivedBytes(files: readonly FileChunks[], chunkBytes: number): number {
  let sum = 0;
  for (const file of files) {
    for (const [from, to] of file.listReceived) {
      for (let i = from; i <= to && i < file.iChunkCount; i += 1) {
        sum += chunkLengthOf(file.lSize, i, chunkBytes);
      }
    }
  }
  return sum;
}

/** A key naming one chunk of a document. */
export const chunkKey = (chunk: Pick<PlannedChunk, 'strFilePath' | 'iChunk'>) =>
  `${chunk.iChunk}:${chunk.strFilePath}`;
