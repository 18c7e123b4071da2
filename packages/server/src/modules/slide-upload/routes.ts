import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SLIDE_TYPES,
  SlideUploadState,
  UPLOAD_CHUNK_BYTES,
  chunkFieldsSchema,
  chunkResultDtoSchema,
  documentIdQuerySchema,
  emptySchema,
  envelopeSchema,
  chunkChecksumsDtoSchema,
  fileStatusDtoSchema,
  isMessageKey,
  supportSlideDtoSchema,
  translate,
  uploadRecordsDtoSchema,
  uploadRecordsInputSchema,
  type FieldError,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { loadFileChecksums } from '../../lib/file-checksum';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { answeredCodeOf } from '../../plugins/error-handler';
import { appendAuditRecord, subjectOf } from '../audit/repo';
import type { Actor } from '../auth/actor';
import { requireActor } from '../auth/require-actor';
import { readableSlideTypes } from '../../slides/open-slide';
import { isOpenSlideAvailable } from '../../slides/openslide';
import { DOCTORS } from '../patients/policies';
import { receiveChunk } from './chunks';
import { markUploadActive, markUploadPaused, sweepAbandonedUploads } from './cleanup';
import { discardUpload } from './discard';
import { findOwnDocument } from './lookup';
import { addUploadRecords } from './records';
import { loadAlignedAllocator } from './direct-write';
import { RunningDigests } from './running-digests';
import type { ChunkDeps } from './completion';
import { ChunkBufferPool, receiveFilePart, type ReceivedChunk } from './received-chunk';
import { chunkChecksumsOf, fileStatusOf } from './status';

/** Fastify's multipart error when a part passes the fileSize limit. */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/** How often abandoned uploads are looked for. */
const SWEEP_EVERY_MS = 15 * 60_000;

interface SlideUploadOptions {
  db: Db;
  clock: Clock;
  dataDir: string;
  abandonHours: number;
  /** Free disk space an upload must leave (UPLOAD_DISK_RESERVE_MB). */
  diskReserveBytes: number;
  /** Called once a document is complete (the slide engine's ingest); must not wait for it. */
  onUploaded?: (documentId: number) => void;
  /** Whether OpenSlide loads here (UploadDeps); by default it is tried. */
  openSlideAvailable?: () => boolean;
}

/**
 * Slide upload (spec §7 "Slides", issue 5): upload records, 1 MB chunks written in place with a
 * CRC-32 each, status for resuming, cancel, and the sweep of abandoned uploads. Uploads are
 * the uploading doctor's own: anyone else's upload id answers 404.
 */
export const slideUploadRoutes: FastifyPluginAsyncZod<SlideUploadOptions> = async (
  app,
  options,
) => {
  const deps = {
    db: options.db,
    clock: options.clock,
    dataDir: options.dataDir,
    diskReserveBytes: options.diskReserveBytes,
    openSlideAvailable: options.openSlideAvailable,
  };
  const checksums = await loadFileChecksums();
  const chunkDeps: ChunkDeps = {
    ...deps,
    checksums,
    digests: new RunningDigests(checksums),
    buffers: new ChunkBufferPool(UPLOAD_CHUNK_BYTES, loadAlignedAllocator()),
  };

  await app.register(multipart, {
    limits: { fileSize: UPLOAD_CHUNK_BYTES, files: 1, fields: 8, parts: 9 },
  });

  const sweep = setInterval(() => {
    sweepAbandonedUploads(deps, options.clock.now(), options.abandonHours).catch((error: unknown) =>
      app.log.error({ err: error }, 'abandoned upload sweep failed'),
    );
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.get(
    '/slideDocument/getSupportSlide',
    {
      schema: {
        tags: ['slides'],
        summary: 'Slide types the server accepts (lower-case extensions) and the chunk size',
        response: { 200: envelopeSchema(supportSlideDtoSchema) },
      },
      config: { policy: { roles: 'authenticated' } },
    },
    async (request) => {
      // Without OpenSlide the vendor types are not offered as supported (the picker's hint and
      // file filter would promise them) but named apart, so that a doctor who picks one hears at
      // once how to enable it rather than at Start.
      const readable = readableSlideTypes((options.openSlideAvailable ?? isOpenSlideAvailable)());
      return ok(request.lang, {
        listType: readable,
        listNeedsOpenSlide: Object.keys(SLIDE_TYPES).filter((type) => !readable.includes(type)),
        lChunkSize: UPLOAD_CHUNK_BYTES,
      });
    },
  );

  app.post(
    '/slideDocument/addUploadRecords',
    {
      schema: {
        tags: ['slides'],
        summary:
          'Upload records for a case or a pathology number: storage reserved, files created; an ' +
          'unfinished upload of the same file (name, size, modification time) is continued',
        body: uploadRecordsInputSchema,
        response: { 200: envelopeSchema(uploadRecordsDtoSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: request.body.iPatientId ? 'patient' : 'slideDocument',
        targetId: request.body.iPatientId,
        detail: { iFiles: request.body.listFile.length, iUploadType: request.body.iUploadType },
      };
      const dto = await addUploadRecords(deps, actor, request.body);
      request.auditNote.detail = {
        ...request.auditNote.detail,
        listSlideDocumentId: dto.listFile.map((f) => f.iSlideDocumentId),
      };
      return ok(request.lang, dto);
    },
  );

  app.post(
    '/slideDocument/fileUploadHandler',
    {
      schema: {
        tags: ['slides'],
        summary:
          'One chunk (multipart: iSlideDocumentId, strFilePath, iChunk, strChunkCrc32, ' +
          'iUpdadeState, then file ≤ 1 MB). iUpdadeState=1 completes the document once every ' +
          'chunk is here, else SLIDE_CHUNKS_MISSING lists what is missing',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(chunkResultDtoSchema) },
      },
      // Chunks are audited per document (completion and refusals), not one record per megabyte.
      config: { policy: { roles: DOCTORS, audit: 'self', recentSession: true } },
    },
    async (request) => storeChunk(request, requireActor(request)),
  );

  /**
   * The chunk form read, checked and stored (chunks.ts). Every refusal is audited — a part over
   * 1 MB or a second file, "not found" (a chunk sent into an upload that is not the caller's) and
   * a failure of the server's own —, as is the completion; accepted chunks are not (a 3 GB slide
   * would write 3,000 records).
   */
  async function storeChunk(request: FastifyRequest, actor: Actor) {
    // Filled as the form is read: a refusal halfway through still names its document.
    const fields: Record<string, string> = {};
    let file: ReceivedChunk | null = null;
    const record = (outcome: 'success' | 'failure', detail: Record<string, unknown>) => {
      const documentId = chunkFieldsSchema.shape.iSlideDocumentId.safeParse(
        fields.iSlideDocumentId,
      );
      return appendAuditRecord(options.db, {
        now: options.clock.now(),
        subject: subjectOf(actor),
        action: 'slideDocument/fileUploadHandler',
        outcome,
        ip: request.ip,
        note: {
          targetType: 'slideDocument',
          ...(documentId.success ? { targetId: documentId.data } : {}),
          detail,
        },
      });
    };
    let iChunk: number | undefined;
    try {
      file = await readChunkForm(request, chunkDeps.buffers, fields);
      const parsed = chunkFieldsSchema.safeParse(fields);
      if (!parsed.success || !file) {
        const errors: FieldError[] = parsed.success
          ? []
          : parsed.error.issues.map((i) => ({
              strField: String(i.path[0] ?? ''),
              // The schema's own message where it has one (a NUL in the path), else "invalid".
              strMessage: translate(
                isMessageKey(i.message) ? i.message : 'validation.invalid',
                request.lang,
              ),
            }));
        if (!file) {
          errors.push({
            strField: 'file',
            strMessage: translate('validation.required', request.lang),
          });
        }
        throw new AppError('VALIDATION_FAILED', {}, errors);
      }
      iChunk = parsed.data.iChunk;
      const result = await receiveChunk(chunkDeps, actor, parsed.data, file);
      if (parsed.data.iUpdadeState === 1) {
        await record('success', { bComplete: true, iState: result.ddUploadState.iNumber });
        if (result.ddUploadState.iNumber === SlideUploadState.Uploaded) {
          options.onUploaded?.(result.iSlideDocumentId);
        }
      }
      return ok(request.lang, result);
    } catch (error) {
      // Recorded under the code the caller is answered with; a chunk the browser stopped
      // sending (a pause, a cancel) is no refusal and leaves no record.
      const strErrorCode = answeredCodeOf(error);
      if (strErrorCode) {
        await record('failure', { strErrorCode, ...(iChunk !== undefined ? { iChunk } : {}) });
      }
      throw error;
    } finally {
      file?.release();
    }
  }

  app.get(
    '/slideDocument/getFileStatus',
    {
      schema: {
        tags: ['slides'],
        summary: 'Which chunks of each file the server holds: a client resumes from this',
        querystring: documentIdQuerySchema,
        response: { 200: envelopeSchema(fileStatusDtoSchema) },
      },
      // Audited as a read (file names are free text, often a patient's): a try at another
      // hospital's upload id leaves a record, as a chunk sent into it does.
      config: { policy: { roles: DOCTORS, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'slideDocument', targetId: request.query.iSlideDocumentId };
      const doc = await findOwnDocument(options.db, actor, request.query.iSlideDocumentId);
      await markUploadActive(options.db, doc.id, options.clock.now());
      return ok(request.lang, await fileStatusOf(options.db, doc));
    },
  );

  app.get(
    '/slideDocument/getChunkChecksums',
    {
      schema: {
        tags: ['slides'],
        summary:
          'The CRC-32 of each chunk held of an unfinished upload: a client continuing it with ' +
          'files chosen again checks they are the files it began with',
        querystring: documentIdQuerySchema,
        response: { 200: envelopeSchema(chunkChecksumsDtoSchema) },
      },
      config: { policy: { roles: DOCTORS, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'slideDocument', targetId: request.query.iSlideDocumentId };
      const doc = await findOwnDocument(options.db, actor, request.query.iSlideDocumentId);
      await markUploadActive(options.db, doc.id, options.clock.now());
      return ok(request.lang, await chunkChecksumsOf(options.db, doc));
    },
  );

  app.post(
    '/slideDocument/pauseUpload',
    {
      schema: {
        tags: ['slides'],
        summary:
          'The uploader paused an unfinished upload: listed as interrupted at once (not as ' +
          'uploading until it stalls); the next chunk goes on with it',
        body: documentIdQuerySchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'slideDocument', targetId: request.body.iSlideDocumentId };
      const doc = await findOwnDocument(options.db, actor, request.body.iSlideDocumentId);
      // Finished meanwhile (its last chunk was on the wire): nothing to pause, and not an error.
      await markUploadPaused(options.db, doc.id, options.clock.now());
      return ok(request.lang, {});
    },
  );

  app.post(
    '/slideDocument/cancelUpload',
    {
      schema: {
        tags: ['slides'],
        summary:
          'Cancels an unfinished (or failed) upload: record and files removed, storage freed',
        body: documentIdQuerySchema,
        response: { 200: envelopeSchema(emptySchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'slideDocument', targetId: request.body.iSlideDocumentId };
      const doc = await findOwnDocument(options.db, actor, request.body.iSlideDocumentId);
      if (doc.completedAt !== null) {
        // A finished slide is deleted through slide management, with its rules.
        throw new AppError('OPERATION_FAILED');
      }
      await discardUpload(deps, doc);
      return ok(request.lang, {});
    },
  );
};

/**
 * The chunk form: text fields (into `fields`, as they come) and the one file part, at most 1 MB,
 * read into a pooled buffer (received-chunk.ts). The caller releases the file's bytes.
 */
async function readChunkForm(
  request: FastifyRequest,
  buffers: ChunkBufferPool,
  fields: Record<string, string>,
): Promise<ReceivedChunk | null> {
  let file: ReceivedChunk | null = null;
  if (!request.isMultipart()) {
    return file;
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const received = await receiveFilePart(part.file, () => part.file.truncated, buffers);
        if (received === 'too-long') {
          throw new AppError('CHUNK_OUT_OF_RANGE');
        }
        file?.release();
        file = received;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // A part after the file failed (a second file, too many parts, the client gone): the
    // file's buffer goes back to the pool.
    file?.release();
    if ((error as { code?: string }).code === FILE_TOO_LARGE) {
      throw new AppError('CHUNK_OUT_OF_RANGE');
    }
    throw error;
  }
  return file;
}
