import { and, eq, gte, type SQL } from 'drizzle-orm';
import {
  SlideMatchState,
  SlideUploadState,
  isMessageKey,
  translate,
  type DocumentStatusDto,
  type Lang,
  type SlideDocumentDto,
} from '@pathconsult/shared';
import { slideDocuments } from '../../db/schema';
import { ACTIVE_REFRESH_MS } from '../slide-upload/target-cache';
import { caseTakesSlides, type SlideDocumentRow } from './access';
import type { SlideDocumentView } from './repo';

/**
 * Why an upload failed, in the caller's language: slide upload stores the error code (e.g.
 * SLIDE_CONTENT_MISMATCH) so that each reader sees it in their own language.
 */
function failReasonText(doc: SlideDocumentRow, lang: Lang): string | null {
  const reason = doc.failReason;
  if (reason === null || !isMessageKey(reason)) {
    return reason;
  }
  return translate(reason, lang, {
    name: doc.displayName,
    type: doc.fileType.toUpperCase(),
    reason: '',
  });
}

/** What the slide engine read at ingest, once it has (the fields are absent before). */
function ingestFacts(d: SlideDocumentRow): Partial<SlideDocumentDto> {
  if (d.ingestedAt === null) {
    return {};
  }
  return {
    iWidth: d.width ?? undefined,
    iHeight: d.height ?? undefined,
    iLevelCount: d.levelCount ?? undefined,
    dMppX: d.mppX === null ? null : Number(d.mppX),
    dMppY: d.mppY === null ? null : Number(d.mppY),
    strVendor: d.vendor ?? undefined,
    listAssociated: d.associatedImages ?? [],
  };
}

/**
 * An upload under way refreshes its last-active time every ACTIVE_REFRESH_MS (15 s). The longest
 * a live queue stays silent is a chunk's whole timeout (Limits.requestTimeoutMs, 60 s: a link
 * that drops without a word) and then its longest wait before trying again (30 s, the web's
 * retry.ts): 105 s with the refresh period. Two minutes without a sign of life mean no queue is
 * sending it any more. It was 3 minutes, and a page closed a minute ago read "Uploading".
 */
export const STALLED_AFTER_MS = 8 * ACTIVE_REFRESH_MS;

/** Uploads a queue is still sending (not interrupted): the "uploading" of lists and figures. */
export function liveUploadWhere(now: Date): SQL | undefined {
  return and(
    eq(slideDocuments.state, SlideUploadState.Uploading),
    gte(slideDocuments.activeAt, new Date(now.getTime() - STALLED_AFTER_MS)),
  );
}

function isStalled(d: SlideDocumentRow, now: Date): boolean {
  return (
    d.state === SlideUploadState.Uploading &&
    now.getTime() - d.activeAt.getTime() > STALLED_AFTER_MS
  );
}

/** The one mapping of a slide document to the wire shape (slideDocumentDtoSchema). */
export function toSlideDocumentDto(v: SlideDocumentView, lang: Lang, now: Date): SlideDocumentDto {
  const d = v.doc;
  return {
    iSlideDocumentId: d.id,
    strFileName: d.displayName,
    strOriginalName: d.originalName,
    strFileType: d.fileType,
    lSize: d.totalBytes,
    lProgress: v.progress,
    iUploadType: d.uploadType,
    ddUploadState: { iNumber: d.state },
    iUpdateState: d.state === SlideUploadState.Uploaded ? 1 : 0,
    bStalled: isStalled(d, now),
    strFailReason: failReasonText(d, lang),
    ddMatchState: {
      iNumber: d.patientId === null ? SlideMatchState.Unmatched : SlideMatchState.Matched,
    },
    bCaseLocked: v.patientState !== null && !caseTakesSlides(v.patientState),
    iCaseOwnerId: v.patientOwnerId,
    iPatientId: d.patientId,
    bNumberHasCase: v.numberHasCase,
    strPatientName: v.patientName,
    strDiagnosistNum: d.diagnosisNum,
    iHospitalId: d.hospitalId,
    strHospitalName: v.hospitalName,
    iUploadUserId: d.uploadUserId,
    strUploadUserName: v.uploaderName,
    iFileCount: v.fileCount,
    strChecksum: d.checksum,
    dObjectiveMagnification:
      d.objectiveMagnification === null ? null : Number(d.objectiveMagnification),
    strThumbnailBase64: d.thumbnail,
    ...ingestFacts(d),
    dtUploadTime: d.createdAt.toISOString(),
    dtCompleteTime: d.completedAt?.toISOString() ?? null,
    dtDeleteTime: d.deletedAt?.toISOString() ?? null,
    strDeleteUserName: v.deleterName,
  };
}

/** Where an upload stands (getDocumentStatus): the part of the document an upload screen polls. */
export function toDocumentStatusDto(
  doc: SlideDocumentRow,
  progress: number,
  lang: Lang,
  sameFileAs: string | null = null,
): DocumentStatusDto {
  return {
    iSlideDocumentId: doc.id,
    strFileName: doc.displayName,
    strDiagnosistNum: doc.diagnosisNum,
    ddUploadState: { iNumber: doc.state },
    iUpdateState: doc.state === SlideUploadState.Uploaded ? 1 : 0,
    lSize: doc.totalBytes,
    lProgress: progress,
    bProcessing: doc.state === SlideUploadState.Uploaded && doc.ingestedAt === null,
    strFailReason: failReasonText(doc, lang),
    strSameFileAs: sameFileAs,
  };
}
