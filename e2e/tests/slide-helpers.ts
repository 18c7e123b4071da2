import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';

/** A chunk's strChunkCrc32: zlib's CRC-32 in 8 lower-case hex digits. */
export const chunkCrc32 = (bytes: Uint8Array) => crc32(bytes).toString(16).padStart(8, '0');

/** The shared test slides beside the project (read-only). */
export const SLIDES_DIR = path.resolve(import.meta.dirname, '../../../shared/testdata/slides');

export interface Envelope<T> {
  iCode: number;
  strErrorCode?: string;
  strMessage: string;
  objData: T;
}

export async function post<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  data: unknown,
) {
  const res = await request.post(`/api/${url}`, { headers: { token }, data });
  return (await res.json()) as Envelope<T>;
}

const CHUNK = 1024 * 1024;

/**
 * Uploads a test slide to a case (or, given a pathology number, unmatched under it) through the
 * upload protocol (1 MB chunks, the last one completing it) and waits until the slide engine has
 * read it; returns the slide's id.
 */
export async function uploadCaseSlide(
  request: APIRequestContext,
  token: string,
  caseId: number | { strDiagnosistNum: string },
  file: string,
  name: string,
): Promise<number> {
  const bytes = fs.readFileSync(path.join(SLIDES_DIR, file));
  const records = await post<{ listFile: { iSlideDocumentId: number }[] }>(
    request,
    token,
    'slideDocument/addUploadRecords',
    {
      ...(typeof caseId === 'number' ? { iPatientId: caseId } : caseId),
      iUploadType: 0,
      listFile: [{ strFileName: name, lSize: bytes.length, lLastModified: 1_700_000_000_000 }],
    },
  );
  expect(records.iCode, JSON.stringify(records)).toBe(0);
  const id = records.objData.listFile[0]!.iSlideDocumentId;
  const chunks = Math.ceil(bytes.length / CHUNK);
  for (let i = 0; i < chunks; i++) {
    const part = bytes.subarray(i * CHUNK, (i + 1) * CHUNK);
    const res = await request.post('/api/slideDocument/fileUploadHandler', {
      headers: { token },
      multipart: {
        iSlideDocumentId: String(id),
        strFilePath: name,
        iChunk: String(i),
        strChunkCrc32: chunkCrc32(part),
        iUpdadeState: i === chunks - 1 ? '1' : '0',
        file: { name: 'blob', mimeType: 'application/octet-stream', buffer: part },
      },
    });
    const body = (await res.json()) as Envelope<unknown>;
    expect(body.iCode, JSON.stringify(body)).toBe(0);
  }
  await expect
    .poll(async () => {
      const r = await request.get(`/api/slideDocument/getSlideToken?iSlideDocumentId=${id}`, {
        headers: { token },
      });
      return ((await r.json()) as Envelope<unknown>).iCode;
    })
    .toBe(0);
  return id;
}

/**
 * An upload a browser began and then went away from (its queue with it): `file` of the test
 * slides registered as `name`, for a case or a pathology number, and its first chunk sent.
 * Returns the slide's id.
 */
export async function beginUpload(
  request: APIRequestContext,
  token: string,
  target: { iPatientId: number } | { strDiagnosistNum: string },
  file: string,
  name: string,
): Promise<number> {
  const source = path.join(SLIDES_DIR, file);
  const bytes = fs.readFileSync(source);
  const records = await post<{ listFile: { iSlideDocumentId: number }[] }>(
    request,
    token,
    'slideDocument/addUploadRecords',
    {
      ...target,
      iUploadType: 1,
      listFile: [
        {
          strFileName: name,
          lSize: bytes.length,
          lLastModified: Math.floor(fs.statSync(source).mtimeMs),
        },
      ],
    },
  );
  expect(records.iCode, records.strMessage).toBe(0);
  const id = records.objData.listFile[0]!.iSlideDocumentId;
  const first = bytes.subarray(0, CHUNK);
  const sent = await request.post('/api/slideDocument/fileUploadHandler', {
    headers: { token },
    multipart: {
      iSlideDocumentId: String(id),
      strFilePath: name,
      iChunk: '0',
      strChunkCrc32: chunkCrc32(first),
      iUpdadeState: '0',
      file: { name: 'blob', mimeType: 'application/octet-stream', buffer: first },
    },
  });
  expect(((await sent.json()) as Envelope<unknown>).iCode).toBe(0);
  return id;
}
