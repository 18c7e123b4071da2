import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  SlideUploadState,
  SLIDE_STATISTICS_MAX_DAYS,
  type SlideStatisticsReport,
  type SlideStatisticsReportQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { hospitals, slideDocuments } from '../../db/schema';
import { chinaDay, chinaEndExclusive, chinaInstant } from '../../lib/china-time';
import type { Actor } from '../auth/actor';
import { scopeOf, scopeOrOneHospital } from '../tenancy/scope';

/*
 * statisticsSlideReport: the slide statistics screen (/total/ThoughTotal) for administrators
 * holding "data statistics", over that privilege's scope (their hospital, or all; the platform's
 * administrators all): the slides kept (as slide management lists them) by hospital and by
 * format, and uploads by China day over a period (by default the last 30 days up to today).
 */

/** The period shown when none is asked for. */
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Counts over a left join: rows of a hospital without slides have a null id and count 0. */
const countOf = (condition?: SQL) =>
  (condition
    ? sql<number>`count(${slideDocuments.id}) filter (where ${condition})`
    : sql<number>`count(${slideDocuments.id})`
  ).mapWith(Number);

const uploaded = eq(slideDocuments.state, SlideUploadState.Uploaded);
/** Begun and not finished: still being sent, interrupted, or removed before it finished. */
const unfinished = eq(slideDocuments.state, SlideUploadState.Uploading);
const storedBytes =
  sql<number>`coalesce(sum(${slideDocuments.totalBytes}) filter (where ${uploaded}), 0)`.mapWith(
    Number,
  );

/** The period asked for, or what is left of it: at most SLIDE_STATISTICS_MAX_DAYS days. */
function periodOf(q: SlideStatisticsReportQuery, now: Date): { start: string; end: string } {
  const end =
    q.dtEnd ?? (q.dtStart ? addDays(q.dtStart, DEFAULT_DAYS - 1) : chinaDay(now.toISOString()));
  const earliest = addDays(end, -(SLIDE_STATISTICS_MAX_DAYS - 1));
  const start = q.dtStart ?? addDays(end, -(DEFAULT_DAYS - 1));
  return { start: start < earliest ? earliest : start > end ? end : start, end };
}

export async function slideStatisticsReport(
  db: Db,
  actor: Actor,
  q: SlideStatisticsReportQuery,
  now: Date,
): Promise<SlideStatisticsReport> {
  const hospitalOf = scopeOrOneHospital(scopeOf(actor, 'statistics'), q.iHospitalId);
  const live = isNull(slideDocuments.deletedAt);
  const { start, end } = periodOf(q, now);
  // The China day of an upload: its instant moved to UTC+8 (no daylight saving there).
  const day = sql<string>`to_char((${slideDocuments.createdAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  // One row per format: TIF and TIFF are the same format, and TD (a legacy name) reads as MRXS,
  // as the screens write it (shared slideTypesLabel); grouped here, so said in SQL.
  const fileType = sql<string>`case upper(${slideDocuments.fileType}) when 'TIF' then 'TIFF' when 'TD' then 'MRXS' else upper(${slideDocuments.fileType}) end`;

  const [byHospital, byType, byDay] = await Promise.all([
    db
      .select({
        iHospitalId: hospitals.id,
        strHospitalName: hospitals.name,
        iTotal: countOf(),
        iMatched: countOf(sql`${slideDocuments.patientId} is not null`),
        iUnmatched: countOf(sql`${slideDocuments.patientId} is null`),
        iFailed: countOf(eq(slideDocuments.state, SlideUploadState.Failed)),
        iUnfinished: countOf(unfinished),
        lStoredBytes: storedBytes,
        lUsedBytes: sql<number>`${hospitals.storageUsedBytes}`.mapWith(Number),
        dTotalMemory: sql<number>`${hospitals.storageTotalGb}`.mapWith(Number),
      })
      .from(hospitals)
      .leftJoin(slideDocuments, and(eq(slideDocuments.hospitalId, hospitals.id), live))
      .where(hospitalOf(hospitals.id))
      .groupBy(hospitals.id)
      .orderBy(desc(countOf()), asc(hospitals.name), asc(hospitals.id)),
    db
      .select({ strFileType: fileType, iTotal: countOf(), lStoredBytes: storedBytes })
      .from(slideDocuments)
      // The slides the figures above count (failed and unfinished ones too, as slide management
      // lists them): the rows add up to "slides stored". Their data is the uploaded ones'.
      .where(and(hospitalOf(slideDocuments.hospitalId), live))
      .groupBy(fileType)
      .orderBy(desc(countOf()), asc(fileType)),
    db
      .select({
        strDay: day,
        iUploaded: countOf(),
        iFailed: countOf(eq(slideDocuments.state, SlideUploadState.Failed)),
        iUnfinished: countOf(unfinished),
        lBytes: sql<number>`coalesce(sum(${slideDocuments.totalBytes}), 0)`.mapWith(Number),
      })
      .from(slideDocuments)
      .where(
        and(
          hospitalOf(slideDocuments.hospitalId),
          gte(slideDocuments.createdAt, chinaInstant(start)),
          lt(slideDocuments.createdAt, chinaEndExclusive(end)),
        ),
      )
      .groupBy(day),
  ]);
  // Every day of the period, those without uploads as zeros: the chart's axis is the period.
  const counted = new Map(byDay.map((d) => [d.strDay, d]));
  const listDay: SlideStatisticsReport['listDay'] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    listDay.push(
      counted.get(d) ?? { strDay: d, iUploaded: 0, iFailed: 0, iUnfinished: 0, lBytes: 0 },
    );
  }
  return { strStart: start, strEnd: end, listHospital: byHospital, listType: byType, listDay };
}
