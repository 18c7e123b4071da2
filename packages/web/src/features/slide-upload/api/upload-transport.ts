import {
  ICode,
  Limits,
  type ChunkResultDto,
  type ChunkChecksumsDto,
  type FileStatusDto,
  type UploadRecordsDto,
  type UploadRecordsInput,
} from '@pathconsult/shared';
import { authHeaders, sessionExpired } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { ApiEnvelope } from '@/lib/envelope';
import { httpErrorText } from '@/lib/http-errors';
import { i18next } from '@/lib/i18n';
import type { ChunkRequest } from '../utils/upload-document';
import { abortError } from '../utils/retry';

/*
 * The calls the uploader makes while it runs, through XMLHttpRequest: fetch reports no upload
 * progress (the speed counts bytes as they leave), and these calls must stay quiet. A flaky link
 * fails many of them and retries: each failure would otherwise be a toast; the queue shows the
 * reason on the item instead. Same headers, envelope and 401 handling as lib/api-client.ts.
 */

/** A refused or failed upload call, with the envelope's objData (the chunks still missing). */
export class UploadCallError extends ApiError {
  constructor(
    init: ConstructorParameters<typeof ApiError>[0],
    readonly objData: unknown = null,
  ) {
    super(init);
    this.name = 'UploadCallError';
  }
}

/** What came back: an envelope as far as it can be trusted (a proxy may answer anything). */
type Envelope = Partial<ApiEnvelope>;

const te = (key: string) => i18next.t(key, { ns: 'errors' });

function failureOf(status: number, body: Envelope | null): UploadCallError {
  if (status === 401) {
    sessionExpired();
  }
  const envelope = body && typeof body.strMessage === 'string' ? body : null;
  // Business refusals (200), field errors (400), "not found", and the size and rate limits carry
  // the server's own words; other statuses read as the catalogue of spec §8, as in api-client.
  const serverWorded = [200, 400, 404, 413, 429].includes(status);
  const text = httpErrorText(status);
  const strMessage =
    serverWorded || text.kind !== 'catalogue' ? (envelope?.strMessage ?? '') : te(text.key);
  return new UploadCallError(
    {
      httpStatus: status,
      strErrorCode: envelope?.strErrorCode,
      strMessage: strMessage || te('generic'),
      errorParams: envelope?.objErrorParams,
      errorMessageParams: envelope?.objErrorMessageParams,
      fieldErrors: Array.isArray(envelope?.objData) ? envelope.objData : [],
    },
    envelope?.objData ?? null,
  );
}

interface CallOptions {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number>;
  body?: FormData | object;
  signal?: AbortSignal;
  onSent?: (bytes: number) => void;
}

function call<T>(options: CallOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const qs = new URLSearchParams(
      Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)]),
    ).toString();
    xhr.open(options.method, `/api/${options.path}${qs ? `?${qs}` : ''}`);
    for (const [name, value] of Object.entries(authHeaders())) {
      xhr.setRequestHeader(name, value);
    }
    xhr.responseType = 'json';
    xhr.timeout = Limits.requestTimeoutMs;
    let sent = 0;
    if (options.onSent) {
      xhr.upload.onprogress = (e) => {
        options.onSent?.(e.loaded - sent);
        sent = e.loaded;
      };
    }
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      settle();
      const body = xhr.response as Envelope | null;
      if (xhr.status === 200 && body?.iCode === ICode.Success) {
        resolve(body.objData as T);
      } else {
        reject(failureOf(xhr.status, body));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(
        new UploadCallError({ httpStatus: 0, strErrorCode: 'NETWORK', strMessage: te('network') }),
      );
    };
    xhr.ontimeout = () => {
      settle();
      reject(
        new UploadCallError({
          httpStatus: 408,
          strErrorCode: 'TIMEOUT',
          strMessage: te('http.408'),
        }),
      );
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    if (options.body instanceof FormData) {
      xhr.send(options.body);
    } else if (options.body !== undefined) {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify(options.body));
    } else {
      xhr.send();
    }
  });
}

/** The chunk as sent: the file's own slice, else the bytes read (one of them is always there). */
function chunkBody(request: ChunkRequest): Blob {
  if (request.slice) {
    return request.slice;
  }
  if (!request.bytes) {
    throw new Error(`chunk ${request.iChunk} has neither a slice nor bytes`);
  }
  return new Blob([request.bytes as Uint8Array<ArrayBuffer>]);
}

/** The server side of the upload queue (packages/server/src/modules/slide-upload). */
export interface UploadTransport {
  register(input: UploadRecordsInput, signal: AbortSignal): Promise<UploadRecordsDto>;
  status(iSlideDocumentId: number, signal: AbortSignal): Promise<FileStatusDto>;
  chunkChecksums(iSlideDocumentId: number, signal: AbortSignal): Promise<ChunkChecksumsDto>;
  sendChunk(request: ChunkRequest): Promise<ChunkResultDto>;
  cancel(iSlideDocumentId: number): Promise<unknown>;
  /** Tells the server the user paused the upload (lists call it interrupted at once). */
  pause(iSlideDocumentId: number): Promise<unknown>;
}

export const httpTransport: UploadTransport = {
  register: (input, signal) =>
    call({ method: 'POST', path: 'slideDocument/addUploadRecords', body: input, signal }),
  status: (iSlideDocumentId, signal) =>
    call({
      method: 'GET',
      path: 'slideDocument/getFileStatus',
      query: { iSlideDocumentId },
      signal,
    }),
  chunkChecksums: (iSlideDocumentId, signal) =>
    call({
      method: 'GET',
      path: 'slideDocument/getChunkChecksums',
      query: { iSlideDocumentId },
      signal,
    }),
  sendChunk: (request) => {
    // The fields first and the chunk last: the server reads the fields before the bytes arrive.
    const form = new FormData();
    form.append('iSlideDocumentId', String(request.iSlideDocumentId));
    form.append('strFilePath', request.strFilePath);
    form.append('iChunk', String(request.iChunk));
    form.append('strChunkCrc32', request.strChunkCrc32);
    form.append('iUpdadeState', String(request.iUpdadeState));
    form.append('file', chunkBody(request), 'chunk');
    return call({
      method: 'POST',
      path: 'slideDocument/fileUploadHandler',
      body: form,
      signal: request.signal,
      onSent: request.onSent,
    });
  },
  cancel: (iSlideDocumentId) =>
    call({ method: 'POST', path: 'slideDocument/cancelUpload', body: { iSlideDocumentId } }),
  pause: (iSlideDocumentId) =>
    call({ method: 'POST', path: 'slideDocument/pauseUpload', body: { iSlideDocumentId } }),
};
