import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  SlideUploadState,
  type SlideStatistics,
  type SlideStatisticsQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { hospitals, slideDocuments } from '../../db/schema';
import { bytesToGb } from '../../storage/hospital-usage';
import type { Actor } from '../auth/actor';
import { scopeOf, scopeOrOneHospital, type HospitalScope } from '../tenancy/scope';
import { isSlideAdministrator, visibleWhere } from './access';
import { liveUploadWhere } from './dto';

/*
 * statisticsSlide: the figures above a slide management list, counting the slides that list
 * shows (visibleWhere), and the storage of the caller's hospitals. A doctor's slides are its own
 * uploads, its cases' slides and its hospital's unmatched ones, and its storage its hospital's;
 * administrators holding "clear slide" count the hospitals of that privilege's scope, or one of
 * them (iHospitalId; outside the scope: 404). A doctor's counts used to be the whole hospital's,
 * and did not add up to the list beneath them.
 */

const count = (condition?: SQL) =>
  (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(
    Number,
  );

function scopeFor(actor: Actor): HospitalScope {
  return isSlideAdministrator(actor) ? scopeOf(actor, 'clearSlide') : scopeOf(actor);
}

export async function slideStatistics(
  db: Db,
  actor: Actor,
  q: SlideStatisticsQuery,
  now: Date,
): Promise<SlideStatistics> {
  const hospitalOf = scopeOrOneHospital(scopeFor(actor), q.iHospitalId);
  const [[slides], [storage]] = await Promise.all([
    db
      .select({
        total: count(),
        matched: count(sql`${slideDocuments.patientId} is not null`),
        unmatched: count(sql`${slideDocuments.patientId} is null`),
        // Being sent now: an upload no queue sends any more is interrupted, not uploading.
        uploading: count(liveUploadWhere(now)),
        // The rest of the unfinished uploads, as the upload-state filter's "interrupted".
        unfinished: count(eq(slideDocuments.state, SlideUploadState.Uploading)),
        failed: count(eq(slideDocuments.state, SlideUploadState.Failed)),
        stored: sql<number>`coalesce(sum(${slideDocuments.totalBytes}) filter (where ${eq(
          slideDocuments.state,
          SlideUploadState.Uploaded,
        )}), 0)`.mapWith(Number),
      })
      .from(slideDocuments)
      .where(
        and(
          hospitalOf(slideDocuments.hospitalId),
          visibleWhere(actor),
          isNull(slideDocuments.deletedAt),
        ),
      ),
    db
      .select({
        used: sql<number>`coalesce(sum(${hospitals.storageUsedBytes}), 0)`.mapWith(Number),
        totalGb: sql<number>`coalesce(sum(${hospitals.storageTotalGb}), 0)`.mapWith(Number),
      })
      .from(hospitals)
      .where(hospitalOf(hospitals.id)),
  ]);
  return {
    iTotal: slides?.total ?? 0,
    iMatched: slides?.matched ?? 0,
    iUnmatched: slides?.unmatched ?? 0,
    iUploading: slides?.uploading ?? 0,
    iInterrupted: (slides?.unfinished ?? 0) - (slides?.uploading ?? 0),
    iFailed: slides?.failed ?? 0,
    lStoredBytes: slides?.stored ?? 0,
    lUsedBytes: storage?.used ?? 0,
    dUsedMemory: bytesToGb(storage?.used ?? 0),
    dTotalMemory: storage?.totalGb ?? 0,
  };
}
