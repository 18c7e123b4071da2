/**
 * The upload benchmark's client: the slide upload protocol as an uploading browser speaks it
 * (upload record, 1 MB chunks as multipart with the client's CRC-32 of each, the last chunk
 * flagged to complete, status to resume), reading the chunks from a file on disk.
 */
import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import http from 'node:http';
import { crc32 } from 'node:zlib';
import {
  UPLOAD_CHUNK_BYTES,
  chunkLengthOf,
  crc32Hex,
  type ChunkResultDto,
  type FileStatusDto,
  type MissingChunks,
  type UploadRecordsDto,
} from '@pathconsult/shared';

export interface Envelope<T> {
  iCode: number;
  strMessage: string;
  strErrorCode?: string;
  objData: T;
}

async function call<T>(
  base: string,
  path: string,
  init: { method: string; token?: string; json?: unknown },
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { lang: 'en' };
  if (init.token) {
    headers.token = init.token;
  }
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}/api/${path}`, {
    method: init.method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return (await res.json()) as Envelope<T>;
}

function data<T>(what: string, answer: Envelope<T>): T {
  if (answer.iCode !== 0) {
    throw new Error(`${what} refused: ${answer.strErrorCode ?? ''} ${answer.strMessage}`);
  }
  return answer.objData;
}

export async function logIn(base: string, userName: string, password: string): Promise<string> {
  const answer = await call<{ token: string }>(base, 'user/login', {
    method: 'POST',
    json: { strUserName: userName, strUserPassword: password },
  });
  return data('login', answer).token;
}

/** One upload record for a single-file slide under a pathology number (no case). */
export async function addRecord(
  base: string,
  token: string,
  file: { name: string; size: number; lastModified: number; diagnosisNum: string },
): Promise<FileStatusDto> {
  const answer = await call<UploadRecordsDto>(base, 'slideDocument/addUploadRecords', {
    method: 'POST',
    token,
    json: {
      strDiagnosistNum: file.diagnosisNum,
      iUploadType: 0,
      listFile: [{ strFileName: file.name, lSize: file.size, lLastModified: file.lastModified }],
    },
  });
  const record = data('upload record', answer).listFile[0];
  if (!record) {
    throw new Error('upload record missing from the answer');
  }
  return record;
}

export function fileStatus(base: string, token: string, id: number) {
  return call<FileStatusDto>(base, `slideDocument/getFileStatus?iSlideDocumentId=${id}`, {
    method: 'GET',
    token,
  });
}

/** Chunk indexes of [first, last] ranges. */
export function indexesOf(ranges: readonly [number, number][]): number[] {
  return ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/**
 * The multipart body of fileUploadHandler, fields first and the file last: what a browser's
 * FormData sends, without the cost of a FormData encoder on the client's side of a two-core
 * machine that also runs the server. Head and tail go around the chunk's own buffer (sent as
 * three writes, never copied into one): the client must not be what the benchmark measures.
 */
function chunkForm(fields: Record<string, string>) {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const fileHead =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(head + fileHead),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

export interface Upload {
  base: string;
  token: string;
  id: number;
  /** strFilePath: the file's name for a single-file slide. */
  path: string;
  source: FileHandle;
  size: number;
}

/**
 * Reads chunk `index` of the source and sends it with its CRC-32; the answer's envelope.
 * `buffer` (at least a chunk long) is read into and may be used again once this resolves: the
 * answer comes after the server has read the whole body.
 */
export async function sendChunk(
  u: Upload,
  index: number,
  complete = false,
  buffer = Buffer.allocUnsafe(UPLOAD_CHUNK_BYTES),
): Promise<Envelope<ChunkResultDto | MissingChunks>> {
  const length = chunkLengthOf(u.size, index);
  const bytes = buffer.subarray(0, length);
  await u.source.read(bytes, 0, length, index * UPLOAD_CHUNK_BYTES);
  const form = chunkForm({
    iSlideDocumentId: String(u.id),
    strFilePath: u.path,
    iChunk: String(index),
    strChunkCrc32: crc32Hex(crc32(bytes)),
    iUpdadeState: complete ? '1' : '0',
  });
  const text = await postChunk(`${u.base}/api/slideDocument/fileUploadHandler`, {
    token: u.token,
    contentType: form.contentType,
    body: [form.head, bytes, form.tail],
  });
  return JSON.parse(text) as Envelope<ChunkResultDto | MissingChunks>;
}

/**
 * Kept-alive connections for the chunks. node:http rather than fetch: on this two-core machine
 * undici's fetch alone tops out near 340 MB/s against a server that only hashes the bytes, while
 * node:http reaches about 560 MB/s; the client must not be what the benchmark measures.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function postChunk(
  url: string,
  init: { token: string; contentType: string; body: readonly Buffer[] },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          token: init.token,
          lang: 'en',
          'content-type': init.contentType,
          'content-length': init.body.reduce((sum, part) => sum + part.length, 0),
        },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    // Corked: the parts leave in one writev, the request line and headers with them.
    request.cork();
    init.body.forEach((part) => request.write(part));
    request.end();
  });
}

/**
 * Sends chunks with `parallel` requests in flight, in index order. `onAnswer` sees each answer
 * (it throws to fail the run); once `stopped()` says so, no further chunk is started.
 */
export async function sendAll(
  u: Upload,
  indexes: readonly number[],
  parallel: number,
  hooks: {
    onSend?: (index: number) => void;
    onAnswer?: (index: number, answer: Envelope<ChunkResultDto | MissingChunks>) => void;
    onError?: (index: number, error: unknown) => void;
    stopped?: () => boolean;
  } = {},
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    // One chunk buffer per request in flight, used again for each of its chunks.
    const buffer = Buffer.allocUnsafe(UPLOAD_CHUNK_BYTES);
    while (next < indexes.length && !failed && !hooks.stopped?.()) {
      const index = indexes[next++] as number;
      hooks.onSend?.(index);
      let answer: Envelope<ChunkResultDto | MissingChunks>;
      try {
        answer = await sendChunk(u, index, false, buffer);
      } catch (error) {
        if (!hooks.onError) {
          throw error;
        }
        hooks.onError(index, error);
        continue;
      }
      if (hooks.onAnswer) {
        hooks.onAnswer(index, answer);
      } else {
        data(`chunk ${index}`, answer);
      }
    }
  };
  // One failure stops the other workers from starting more chunks.
  const guarded = () =>
    worker().catch((error: unknown) => {
      failed = true;
      throw error;
    });
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, guarded));
}
