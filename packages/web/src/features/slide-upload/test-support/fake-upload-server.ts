import {
  chunkCountOf,
  chunkLengthOf,
  missingRanges,
  toRanges,
  type ChunkChecksumsDto,
  type ChunkResultDto,
  type FileStatusDto,
  type UploadRecordsDto,
  type UploadRecordsInput,
} from '@pathconsult/shared';
import { ApiError } from '@/lib/api-error';
import type { UploadTransport } from '../api/upload-transport';
import { crc32Js } from '../utils/crc32';
import type { ChunkRequest } from '../utils/upload-document';

/*
 * An in-memory stand-in for the server's slide-upload protocol (shared/src/schemas/slide.ts), for
 * the uploader's unit tests: it checks every chunk's CRC-32, stores chunks in place, refuses a
 * conflicting chunk, refuses completion while a chunk is missing (listing them), resumes an
 * unfinished upload of the same name, size and time, and can be told to fail in the ways a
 * hospital link and a server fail.
 */

export class FakeCallError extends ApiError {
  constructor(
    httpStatus: number,
    code: string | undefined,
    readonly objData: unknown = null,
  ) {
    super({ httpStatus, strErrorCode: code, strMessage: code ?? `HTTP ${httpStatus}` });
  }
}

interface FakeFile {
  strFilePath: string;
  lSize: number;
  chunks: Map<number, Uint8Array>;
}

interface FakeDoc {
  id: number;
  key: string;
  name: string;
  lSize: number;
  lLastModified: number | undefined;
  state: 0 | 1 | 2;
  files: FakeFile[];
}

export const FAKE_CHUNK = 16;

export class FakeUploadServer implements UploadTransport {
  readonly docs = new Map<number, FakeDoc>();
  /** Every chunk request that reached the server: `path#index`, `!` when it completes. */
  readonly log: string[] = [];
  readonly cancelled: number[] = [];
  /** The uploads the client said it paused, in order. */
  readonly paused: number[] = [];
  private nextId = 100;
  /** HTTP statuses the next chunk requests fail with (0: no answer). */
  failures: number[] = [];
  /** Chunk requests whose checksum is taken as damaged on the way. */
  corrupt = 0;
  /** Called before each chunk is handled (to hold requests, or to stop the user mid-way). */
  beforeChunk: ((request: ChunkRequest) => Promise<void> | void) | null = null;
  /** Runs once a chunk's bytes are on the wire, before it is answered (a slow link's wait). */
  afterSent: ((request: ChunkRequest) => Promise<void> | void) | null = null;
  /** A chunk lost after its acknowledgement, which completion then lists as missing. */
  lose: { strFilePath: string; iChunk: number } | null = null;
  /** Answers a request even after it was aborted (it had reached the server just before). */
  ignoreAbort = false;
  /** A refusal code every chunk of the main file's first chunk answers (content check). */
  refuseFirstChunk: string | null = null;
  /** A refusal code of upload records, per file name (null: accepted), as storage checks do. */
  refuseRecords: ((strFileName: string) => string | null) | null = null;

  constructor(readonly chunkBytes = FAKE_CHUNK) {}

  register(input: UploadRecordsInput, signal: AbortSignal): Promise<UploadRecordsDto> {
    signal.throwIfAborted();
    const file = input.listFile[0]!;
    const refusal = this.refuseRecords?.(file.strFileName) ?? null;
    if (refusal) {
      return Promise.reject(new FakeCallError(200, refusal));
    }
    const key = `${input.iPatientId ?? input.strDiagnosistNum}:${file.strFileName.toLowerCase()}`;
    const existing = [...this.docs.values()].find((d) => d.key === key);
    if (existing) {
      if (
        existing.state !== 0 ||
        existing.lSize !== file.lSize ||
        existing.lLastModified !== file.lLastModified
      ) {
        return Promise.reject(new FakeCallError(200, 'SLIDE_NAME_EXISTS'));
      }
      return Promise.resolve({
        listFile: [{ ...this.statusOf(existing), iFileId: file.iFileId ?? null, bResumed: true }],
      });
    }
    const declared = file.listFileSliceInfo ?? [
      { strFilePath: file.strFileName, lSize: file.lSize },
    ];
    const doc: FakeDoc = {
      id: (this.nextId += 1),
      key,
      name: file.strFileName,
      lSize: file.lSize,
      lLastModified: file.lLastModified,
      state: 0,
      files: declared.map((f) => ({ ...f, chunks: new Map() })),
    };
    this.docs.set(doc.id, doc);
    return Promise.resolve({
      listFile: [{ ...this.statusOf(doc), iFileId: file.iFileId ?? null, bResumed: false }],
    });
  }

  status(id: number, signal: AbortSignal): Promise<FileStatusDto> {
    signal.throwIfAborted();
    const doc = this.docs.get(id);
    return doc
      ? Promise.resolve(this.statusOf(doc))
      : Promise.reject(new FakeCallError(404, undefined));
  }

  chunkChecksums(id: number, signal: AbortSignal): Promise<ChunkChecksumsDto> {
    signal.throwIfAborted();
    const doc = this.docs.get(id);
    if (!doc) {
      return Promise.reject(new FakeCallError(404, undefined));
    }
    return Promise.resolve({
      iSlideDocumentId: id,
      listFile: doc.files.map((f) => ({
        strFilePath: f.strFilePath,
        listChunk: [...f.chunks]
          .sort(([a], [b]) => a - b)
          .map(([index, bytes]): [number, string] => [index, crc32Js(bytes)]),
      })),
    });
  }

  pause(id: number): Promise<unknown> {
    this.paused.push(id);
    return this.docs.has(id)
      ? Promise.resolve({})
      : Promise.reject(new FakeCallError(404, undefined));
  }

  cancel(id: number): Promise<unknown> {
    this.cancelled.push(id);
    return this.docs.delete(id)
      ? Promise.resolve({})
      : Promise.reject(new FakeCallError(404, undefined));
  }

  async sendChunk(request: ChunkRequest): Promise<ChunkResultDto> {
    await this.beforeChunk?.(request);
    if (!this.ignoreAbort) {
      request.signal.throwIfAborted();
    }
    const failure = this.failures.shift();
    if (failure !== undefined) {
      throw new FakeCallError(failure, failure === 0 ? 'NETWORK' : undefined);
    }
    // The fake files are no Blobs: their chunks always come as bytes read on the page.
    const bytes = request.bytes;
    if (!bytes) {
      throw new Error('the fake server takes chunks as bytes');
    }
    request.onSent(bytes.length);
    await this.afterSent?.(request);
    const final = request.iUpdadeState === 1;
    this.log.push(`${request.strFilePath}#${request.iChunk}${final ? '!' : ''}`);
    const doc = this.docs.get(request.iSlideDocumentId);
    const file = doc?.files.find((f) => f.strFilePath === request.strFilePath);
    if (!doc || !file) {
      throw new FakeCallError(404, undefined);
    }
    if (this.refuseFirstChunk && file === doc.files[0] && request.iChunk === 0) {
      doc.state = 2;
      throw new FakeCallError(200, this.refuseFirstChunk);
    }
    const expected = chunkLengthOf(file.lSize, request.iChunk, this.chunkBytes);
    if (bytes.length !== expected) {
      throw new FakeCallError(200, 'CHUNK_OUT_OF_RANGE');
    }
    if (this.corrupt > 0 || crc32Js(bytes) !== request.strChunkCrc32) {
      this.corrupt = Math.max(0, this.corrupt - 1);
      throw new FakeCallError(200, 'CHUNK_CHECKSUM_MISMATCH');
    }
    const held = file.chunks.get(request.iChunk);
    if (held && !sameBytes(held, bytes)) {
      throw new FakeCallError(200, 'CHUNK_CONFLICT');
    }
    file.chunks.set(request.iChunk, bytes.slice());
    if (
      this.lose &&
      this.lose.strFilePath === file.strFilePath &&
      this.lose.iChunk === request.iChunk
    ) {
      file.chunks.delete(request.iChunk);
      this.lose = null;
    }
    if (final) {
      const listMissing = doc.files
        .map((f) => ({
          strFilePath: f.strFilePath,
          listChunks: missingRanges(
            chunkCountOf(f.lSize, this.chunkBytes),
            toRanges([...f.chunks.keys()].sort((a, b) => a - b)),
          ),
        }))
        .filter((f) => f.listChunks.length > 0);
      if (listMissing.length > 0) {
        throw new FakeCallError(200, 'SLIDE_CHUNKS_MISSING', { listMissing });
      }
      doc.state = 1;
    }
    return {
      iSlideDocumentId: doc.id,
      strFilePath: file.strFilePath,
      iChunk: request.iChunk,
      bDuplicate: Boolean(held),
      ddUploadState: { iNumber: doc.state },
      iUpdateState: doc.state === 1 ? 1 : 0,
    };
  }

  /** The bytes of a file as stored. */
  contentOf(id: number, strFilePath: string): Uint8Array {
    const file = this.docs.get(id)!.files.find((f) => f.strFilePath === strFilePath)!;
    const out = new Uint8Array(file.lSize);
    for (const [i, bytes] of file.chunks) {
      out.set(bytes, i * this.chunkBytes);
    }
    return out;
  }

  statusOf(doc: FakeDoc): FileStatusDto {
    const listFileSliceInfo = doc.files.map((f) => {
      const have = [...f.chunks.keys()].sort((a, b) => a - b);
      const iChunkCount = chunkCountOf(f.lSize, this.chunkBytes);
      const lProgress = have.reduce((s, i) => s + chunkLengthOf(f.lSize, i, this.chunkBytes), 0);
      return {
        strFilePath: f.strFilePath,
        lSize: f.lSize,
        iChunkCount,
        lProgress,
        strStatus: (have.length === iChunkCount
          ? 'uploaded'
          : have.length
            ? 'uploading'
            : 'waiting') as 'uploaded' | 'uploading' | 'waiting',
        listReceived: toRanges(have),
      };
    });
    return {
      iSlideDocumentId: doc.id,
      strFileName: doc.name,
      lSize: doc.lSize,
      lProgress: listFileSliceInfo.reduce((s, f) => s + f.lProgress, 0),
      lChunkSize: this.chunkBytes,
      ddUploadState: { iNumber: doc.state },
      iUpdateState: doc.state === 1 ? 1 : 0,
      listFileSliceInfo,
    };
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Bytes 0..n-1 with a pattern, so that a chunk in the wrong place shows. */
export function patterned(length: number, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) {
    bytes[i] = (i * 31 + seed * 7) % 251;
  }
  return bytes;
}
