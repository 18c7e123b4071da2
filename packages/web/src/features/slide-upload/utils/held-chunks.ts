import type { ChunkChecksumsDto } from '@pathconsult/shared';
import { digestOf, type SliceDigester } from './slice-digest';
import type { Readable } from './upload-document';

/** How many held chunks are read and hashed at once while checking. */
const CHECK_CONCURRENCY = 4;

/**
 * Whether files chosen again to continue an upload are the ones it began with: the CRC-32 of
 * every chunk the server holds (getChunkChecksums) against the same bytes of the chosen files.
 * Name and size match already (and the modification time, unless the file continues an upload
 * begun on another computer), but another file can share them (a copy touched to the same time, a re-export): sent
 * on, its remaining chunks would be finished onto the first file's and make a slide that is
 * neither. False at the first chunk that differs or cannot be read; true when all agree.
 */
export async function heldChunksMatch(
  held: ChunkChecksumsDto,
  files: ReadonlyMap<string, Readable>,
  chunkBytes: number,
  hash: (bytes: Uint8Array) => Promise<string>,
  digestSlice: SliceDigester | undefined,
  signal: AbortSignal,
  /** The share of the held chunks checked so far (0–1), after each. */
  onChecked?: (share: number) => void,
): Promise<boolean> {
  const chunks = held.listFile.flatMap((f) =>
    f.listChunk.map(([index, crc32]) => ({ file: files.get(f.strFilePath), index, crc32 })),
  );
  let next = 0;
  let done = 0;
  let same = true;
  const worker = async () => {
    while (same && next < chunks.length) {
      signal.throwIfAborted();
      const { file, index, crc32 } = chunks[next++]!;
      if (!file) {
        same = false;
        return;
      }
      const slice = file.slice(index * chunkBytes, (index + 1) * chunkBytes);
      if ((await digestOf(slice, hash, digestSlice)).crc32 !== crc32) {
        same = false;
      }
      done += 1;
      onChecked?.(done / chunks.length);
    }
  };
  await Promise.all(Array.from({ length: CHECK_CONCURRENCY }, worker));
  signal.throwIfAborted();
  return same;
}
