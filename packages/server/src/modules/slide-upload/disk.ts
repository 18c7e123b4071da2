import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { chunkLengthOf } from '@pathconsult/shared';
import { chunkCrc32 } from '../../lib/chunk-crc';
import type { RunningChecksum } from '../../lib/file-checksum';
import { documentDir, storedFilePath } from '../../storage/slide-paths';
import { directAligned, writeDirect } from './direct-write';
import { writeFully } from './write-fully';

export interface StoredDocument {
  hospitalId: number;
  storageKey: string;
}

/**
 * Creates a document's files at their full declared size (sparse: nothing is written yet), so
 * chunks are written in place, in any order, with no pieces to reassemble later.
 */
export async function prepareFiles(
  dataDir: string,
  doc: StoredDocument,
  files: readonly { storedPath: string; size: number }[],
): Promise<void> {
  for (const file of files) {
    const target = storedFilePath(dataDir, doc.hospitalId, doc.storageKey, file.storedPath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const handle = await fs.open(target, 'w');
    try {
      await handle.truncate(file.size);
    } finally {
      await handle.close();
    }
  }
}

/** Opens one stored file of a document for `use`, and closes it whatever happens. */
async function withStoredFile<T>(
  dataDir: string,
  doc: StoredDocument,
  storedPath: string,
  flags: 'r' | 'r+',
  use: (handle: FileHandle) => Promise<T>,
): Promise<T> {
  const handle = await fs.open(
    storedFilePath(dataDir, doc.hospitalId, doc.storageKey, storedPath),
    flags,
  );
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/**
 * Writes one chunk at its place in the file: direct when its buffer is page-aligned
 * (`alignedMemory`) and its place and length are whole blocks (direct-write.ts), else buffered.
 */
export async function writeChunk(
  dataDir: string,
  doc: StoredDocument,
  storedPath: string,
  offset: number,
  bytes: Buffer,
  alignedMemory = false,
): Promise<void> {
  if (
    alignedMemory &&
    directAligned(offset, bytes.length) &&
    (await writeDirect(
      storedFilePath(dataDir, doc.hospitalId, doc.storageKey, storedPath),
      offset,
      bytes,
    ))
  ) {
    return;
  }
  await withStoredFile(dataDir, doc, storedPath, 'r+', async (handle) => {
    if (!(await writeFully(handle, bytes, offset))) {
      // A write that takes nothing is a full disk, said as the system would.
      throw Object.assign(
        new Error(`chunk at ${offset} of ${storedPath}: the disk took no more bytes`),
        { code: 'ENOSPC' },
      );
    }
  });
}

/** Flushes a file's data to the disk: "uploaded" is only said of bytes that are on it. */
export async function syncFile(
  dataDir: string,
  doc: StoredDocument,
  storedPath: string,
): Promise<void> {
  await withStoredFile(dataDir, doc, storedPath, 'r+', (handle) => handle.datasync());
}

/** Reads back `length` bytes at `offset` (a repeated chunk of a finished file is compared). */
export async function readRange(
  dataDir: string,
  doc: StoredDocument,
  storedPath: string,
  offset: number,
  length: number,
): Promise<Buffer> {
  return withStoredFile(dataDir, doc, storedPath, 'r', async (handle) => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  });
}

export interface FileVerification {
  /** The whole file's checksum (file-checksum.ts). */
  checksum: string;
  /** Chunks whose bytes on disk do not match the CRC-32 received (a write lost in a crash). */
  badChunks: number[];
}

/**
 * Reads a finished file once, chunk by chunk: checks each chunk against the CRC-32 it was
 * received with and feeds the whole file to `whole`. Flushes the file to disk first, so that
 * "uploaded" is only said of bytes that are on the disk.
 */
export async function verifyFile(
  dataDir: string,
  doc: StoredDocument,
  file: { storedPath: string; size: number },
  chunkBytes: number,
  expected: ReadonlyMap<number, string>,
  whole: RunningChecksum,
): Promise<FileVerification> {
  return withStoredFile(dataDir, doc, file.storedPath, 'r+', async (handle) => {
    await handle.datasync();
    const buffer = Buffer.alloc(chunkBytes);
    const badChunks: number[] = [];
    for (let index = 0; index * chunkBytes < file.size; index += 1) {
      const length = chunkLengthOf(file.size, index, chunkBytes);
      const { bytesRead } = await handle.read(buffer, 0, length, index * chunkBytes);
      const chunk = buffer.subarray(0, bytesRead);
      whole.update(chunk);
      if (bytesRead !== length || chunkCrc32(chunk) !== expected.get(index)) {
        badChunks.push(index);
      }
    }
    return { checksum: whole.finish(), badChunks };
  });
}

/** Removes a document's folder (cancel, delete, abandoned upload); a missing one is fine. */
export async function removeDocumentFiles(dataDir: string, doc: StoredDocument): Promise<void> {
  await fs.rm(documentDir(dataDir, doc.hospitalId, doc.storageKey), {
    recursive: true,
    force: true,
  });
}
