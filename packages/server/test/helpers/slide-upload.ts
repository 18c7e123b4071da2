import http from 'node:http';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { xxhash128 } from 'hash-wasm';
import {
  UPLOAD_CHUNK_BYTES,
  chunkCountOf,
  crc32Hex,
  type ChunkResultDto,
  type UploadRecordsDto,
  type UploadRecordsInput,
} from '@pathconsult/shared';
import type { Answer, ApiClient } from './http';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** What fileUploadHandler expects in strChunkCrc32. */
export const chunkCrc = (bytes: Uint8Array) => crc32Hex(crc32(bytes));
/** A stored file's checksum as the server keeps it (XXH3-128, as xxh128sum prints it). */
export const xxh128 = (bytes: Uint8Array) => xxhash128(bytes);

export interface ChunkCall {
  iSlideDocumentId: number;
  strFilePath: string;
  /** A number, or a text sent as it is (to test the refusal of what is no decimal number). */
  iChunk: number | string;
  bytes: Uint8Array;
  /** Sent instead of the chunk's real CRC-32 (to test the refusal). */
  strChunkCrc32?: string;
  iUpdadeState?: 0 | 1;
}

/** POST slideDocument/fileUploadHandler as a browser sends it: fields first, the file last. */
export async function sendChunk(
  baseUrl: string,
  token: string,
  c: ChunkCall,
  lang?: 'zh' | 'en',
): Promise<Answer<ChunkResultDto>> {
  const form = new FormData();
  form.append('iSlideDocumentId', String(c.iSlideDocumentId));
  form.append('strFilePath', c.strFilePath);
  form.append('iChunk', String(c.iChunk));
  form.append('strChunkCrc32', c.strChunkCrc32 ?? chunkCrc(c.bytes));
  form.append('iUpdadeState', String(c.iUpdadeState ?? 0));
  form.append('file', new Blob([c.bytes]), 'blob');
  const headers: Record<string, string> = { token };
  if (lang) {
    headers.lang = lang;
  }
  const res = await fetch(`${baseUrl}/api/slideDocument/fileUploadHandler`, {
    method: 'POST',
    headers,
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer<ChunkResultDto>['body'] };
}

/**
 * A chunk whose sender goes away halfway through its file part (a paused or cancelled upload):
 * the fields and part of the bytes are sent, then the connection is closed. Resolves once the
 * server has seen the connection close.
 */
export async function sendCutOffChunk(
  baseUrl: string,
  token: string,
  iSlideDocumentId: number,
  strFilePath: string,
): Promise<void> {
  const boundary = 'cut-off-chunk';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('iSlideDocumentId', String(iSlideDocumentId)) +
    field('strFilePath', strFilePath) +
    field('iChunk', '0') +
    field('strChunkCrc32', '00000000') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const url = new URL(`${baseUrl}/api/slideDocument/fileUploadHandler`);
  await new Promise<void>((resolve) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(Buffer.byteLength(head) + UPLOAD_CHUNK_BYTES + 100),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(head);
    req.write(Buffer.alloc(64 * 1024), () => {
      // Some of the bytes are on their way: the sender is gone.
      setTimeout(() => req.destroy(), 100);
    });
  });
  // The server notices the closed connection on its next read.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** Chunk `index` of a file's bytes. */
export function chunkOf(bytes: Uint8Array, index: number): Uint8Array {
  return bytes.subarray(index * UPLOAD_CHUNK_BYTES, (index + 1) * UPLOAD_CHUNK_BYTES);
}

export function addRecords(api: ApiClient, token: string, input: UploadRecordsInput) {
  return api.post<UploadRecordsDto>('slideDocument/addUploadRecords', input, { token });
}

/**
 * Uploads one single-file slide start to finish (records, every chunk, the last one flagged)
 * and returns its document id; throws on any refusal.
 */
export async function uploadSlide(
  api: ApiClient,
  baseUrl: string,
  token: string,
  target: { iPatientId?: number; strDiagnosistNum?: string },
  name: string,
  bytes: Uint8Array,
): Promise<number> {
  const records = await addRecords(api, token, {
    ...target,
    iUploadType: 0,
    listFile: [{ strFileName: name, lSize: bytes.length }],
  });
  const doc = records.body.objData?.listFile[0];
  if (records.body.iCode !== 0 || !doc) {
    throw new Error(`records refused: ${records.body.strMessage}`);
  }
  const count = chunkCountOf(bytes.length);
  for (let i = 0; i < count; i += 1) {
    const a = await sendChunk(baseUrl, token, {
      iSlideDocumentId: doc.iSlideDocumentId,
      strFilePath: name,
      iChunk: i,
      bytes: chunkOf(bytes, i),
      iUpdadeState: i === count - 1 ? 1 : 0,
    });
    if (a.body.iCode !== 0) {
      throw new Error(`chunk ${i} refused: ${a.body.strMessage}`);
    }
  }
  return doc.iSlideDocumentId;
}
