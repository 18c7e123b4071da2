import { asc, inArray } from 'drizzle-orm';
import {
  SlideUploadState,
  chunkLengthOf,
  toRanges,
  type ChunkChecksumsDto,
  type FileSliceInfoDto,
  type FileStatusDto,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideChunks } from '../../db/schema';
import { filesOf, type DocumentRow, type FileRow } from './lookup';

/** The chunks received of each file (index order), with their CRC-32. */
async function heldChunks(
  db: Db,
  files: readonly FileRow[],
): Promise<Map<number, Array<[number, string]>>> {
  const held = new Map<number, Array<[number, string]>>(files.map((f) => [f.id, []]));
  if (files.length === 0) {
    return held;
  }
  const rows = await db
    .select({ fileId: slideChunks.fileId, index: slideChunks.chunkIndex, crc32: slideChunks.crc32 })
    .from(slideChunks)
    .where(
      inArray(
        slideChunks.fileId,
        files.map((f) => f.id),
      ),
    )
    .orderBy(asc(slideChunks.fileId), asc(slideChunks.chunkIndex));
  for (const row of rows) {
    held.get(row.fileId)?.push([row.index, row.crc32]);
  }
  return held;
}

/** Chunk indexes received per file (ascending). */
export async function receivedChunks(
  db: Db,
  files: readonly FileRow[],
): Promise<Map<number, number[]>> {
  const held = await heldChunks(db, files);
  return new Map([...held].map(([id, chunks]) => [id, chunks.map(([index]) => index)]));
}

function fileInfo(doc: DocumentRow, file: FileRow, indexes: readonly number[]): FileSliceInfoDto {
  const uploaded = doc.state === SlideUploadState.Uploaded;
  const all = Array.from({ length: file.chunkCount }, (_, i) => i);
  const have = uploaded ? all : indexes;
  const progress = have.reduce((sum, i) => sum + chunkLengthOf(file.size, i, doc.chunkBytes), 0);
  return {
    strFilePath: file.relativePath,
    lSize: file.size,
    iChunkCount: file.chunkCount,
    lProgress: progress,
    strStatus:
      uploaded || have.length === file.chunkCount
        ? 'uploaded'
        : have.length > 0
          ? 'uploading'
          : 'waiting',
    listReceived: toRanges(have),
  };
}

/** What the server holds of a document: the answer a client resumes from. */
export async function fileStatusOf(db: Db, doc: DocumentRow): Promise<FileStatusDto> {
  const files = await filesOf(db, doc.id);
  const received =
    doc.state === SlideUploadState.Uploading ? await receivedChunks(db, files) : new Map();
  const listFileSliceInfo = files.map((f) => fileInfo(doc, f, received.get(f.id) ?? []));
  return {
    iSlideDocumentId: doc.id,
    strFileName: doc.displayName,
    lSize: doc.totalBytes,
    lProgress: listFileSliceInfo.reduce((sum, f) => sum + f.lProgress, 0),
    lChunkSize: doc.chunkBytes,
    ddUploadState: { iNumber: doc.state },
    iUpdateState: doc.state === SlideUploadState.Uploaded ? 1 : 0,
    listFileSliceInfo,
  };
}

/** The CRC-32 of every chunk held of an unfinished document (none once it is finished). */
export async function chunkChecksumsOf(db: Db, doc: DocumentRow): Promise<ChunkChecksumsDto> {
  const files = await filesOf(db, doc.id);
  const held =
    doc.state === SlideUploadState.Uploading
      ? await heldChunks(db, files)
      : new Map<number, Array<[number, string]>>();
  return {
    iSlideDocumentId: doc.id,
    listFile: files.map((f) => ({ strFilePath: f.relativePath, listChunk: held.get(f.id) ?? [] })),
  };
}
