import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  SlideMatchState,
  SlideStateFilter,
  SlideUploadState,
  type SlideListQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { patients, slideDocuments } from '../../db/schema';
import { chinaEndExclusive, chinaInstant } from '../../lib/china-time';
import { escapeLike } from '../../lib/like';
import type { Actor } from '../auth/actor';
import { visibleWhere } from './access';
import { STALLED_AFTER_MS, liveUploadWhere } from './dto';
import { documentViews, type SlideDocumentView } from './repo';

/*
 * The slide management lists (selectSlideDocumentByType): stored slides (iType 0) or removed ones
 * (iType 1) the caller sees (access.ts), narrowed by the filters, in the order asked: by default
 * stored slides newest upload first (the hospital condition is always there, the scope, so the
 * order by (created_at, id) walks slide_documents_hospital_idx), removed ones most recently
 * removed first. The other orders sort the caller's slides (one hospital's, or a few thousand).
 */

/** The filters a list call used, for its audit record (values of patient data left out). */
export function filtersUsed(q: SlideListQuery): string[] {
  const names = [
    'iMatchState',
    'iUploadState',
    'strDiagnosistNum',
    'strFileName',
    'strPatientName',
    'iHospitalId',
    'dtStart',
    'dtEnd',
  ] as const;
  return names.filter((name) => q[name] !== undefined && q[name] !== '');
}

/** The upload-state filter: a state, or processing and interrupted within them (dto.ts). */
function stateWhere(state: number, now: Date): SQL | undefined {
  switch (state) {
    case SlideStateFilter.Processing:
      return and(
        eq(slideDocuments.state, SlideUploadState.Uploaded),
        isNull(slideDocuments.ingestedAt),
      );
    case SlideStateFilter.Interrupted:
      return and(
        eq(slideDocuments.state, SlideUploadState.Uploading),
        lt(slideDocuments.activeAt, new Date(now.getTime() - STALLED_AFTER_MS)),
      );
    case SlideUploadState.Uploading:
      // Uploading is what is being sent now: an upload no queue sends any more is interrupted.
      return liveUploadWhere(now);
    default:
      return eq(slideDocuments.state, state);
  }
}

function filters(actor: Actor, q: SlideListQuery, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    visibleWhere(actor),
    q.iType === 1 ? isNotNull(slideDocuments.deletedAt) : isNull(slideDocuments.deletedAt),
  ];
  if (q.iMatchState === SlideMatchState.Unmatched) {
    conditions.push(isNull(slideDocuments.patientId));
  } else if (q.iMatchState === SlideMatchState.Matched) {
    conditions.push(isNotNull(slideDocuments.patientId));
  }
  if (q.iUploadState !== undefined) {
    conditions.push(stateWhere(q.iUploadState, now));
  }
  if (q.strDiagnosistNum && q.iNumMatch === 1) {
    conditions.push(sql`lower(${slideDocuments.diagnosisNum}) = lower(${q.strDiagnosistNum})`);
  } else if (q.strDiagnosistNum) {
    const prefix = `${escapeLike(q.strDiagnosistNum)}%`;
    conditions.push(sql`lower(${slideDocuments.diagnosisNum}) like lower(${prefix})`);
  }
  if (q.strFileName) {
    // A renamed slide is still found by the name it was uploaded as, which its row shows
    // ("Uploaded as: …"): users search by the scanner's name they know.
    const part = `%${escapeLike(q.strFileName)}%`;
    conditions.push(
      or(
        sql`lower(${slideDocuments.displayName}) like lower(${part})`,
        sql`lower(${slideDocuments.originalName}) like lower(${part})`,
      ),
    );
  }
  if (q.strPatientName) {
    // The slide's case, read only to compare: a slide the caller sees shows its case's name.
    const part = `%${escapeLike(q.strPatientName)}%`;
    conditions.push(
      sql`exists (select 1 from ${patients} where ${patients.id} = ${slideDocuments.patientId} and lower(${patients.name}) like lower(${part}))`,
    );
  }
  if (q.iHospitalId !== undefined) {
    // Inside the scope only: another hospital's id simply finds nothing.
    conditions.push(eq(slideDocuments.hospitalId, q.iHospitalId));
  }
  // The removal log is searched by when slides were removed (the time it shows first), the
  // stored lists by when they were uploaded.
  const day = q.iType === 1 ? slideDocuments.deletedAt : slideDocuments.createdAt;
  if (q.dtStart) {
    conditions.push(gte(day, chinaInstant(q.dtStart)));
  }
  if (q.dtEnd) {
    conditions.push(lt(day, chinaEndExclusive(q.dtEnd)));
  }
  return and(...conditions);
}

/**
 * The list's order: the sort's column (a slide's number, then its name within one number), the id
 * last so that equal values keep one order from page to page; all of it reversed for "Desc".
 */
function orderOf(q: SlideListQuery): SQL[] {
  const name = sql`lower(${slideDocuments.displayName})`;
  const keys: Record<string, (SQL | SQLWrapper)[]> = {
    time: [q.iType === 1 ? slideDocuments.deletedAt : slideDocuments.createdAt],
    name: [name],
    num: [sql`lower(${slideDocuments.diagnosisNum})`, name],
    size: [slideDocuments.totalBytes],
  };
  const direction = q.strSort.endsWith('Asc') ? asc : desc;
  const column = q.strSort.replace(/(Asc|Desc)$/, '');
  return [...(keys[column] ?? []), slideDocuments.id].map((key) => direction(key));
}

export async function listSlides(
  db: Db,
  actor: Actor,
  q: SlideListQuery,
  now: Date,
): Promise<{ rows: SlideDocumentView[]; total: number; totalBytes: number }> {
  const where = filters(actor, q, now);
  const [rows, [all]] = await Promise.all([
    documentViews(
      db,
      where,
      { limit: q.iPageSize, offset: (q.iCurPage - 1) * q.iPageSize },
      orderOf(q),
    ),
    // Counted and added up in the one pass the count makes over the filtered slides.
    db
      .select({
        n: count(),
        bytes: sql<number>`coalesce(sum(${slideDocuments.totalBytes}), 0)`.mapWith(Number),
      })
      .from(slideDocuments)
      .where(where),
  ]);
  return { rows, total: all?.n ?? 0, totalBytes: all?.bytes ?? 0 };
}
