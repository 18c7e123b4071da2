import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ROLES,
  RoleType,
  SlideUploadState,
  caseActionAllowed,
  type CaseStateCode,
} from '@pathconsult/shared';
import { patients, slideDocuments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { assertOwner, type CaseRef } from '../patients/access';
import { holds } from '../privileges/held';
import { scopeOf, whereInScope } from '../tenancy/scope';

/*
 * Who may see and change which slide documents in slide management (spec §4 "Slides", §6):
 * - administrators holding "clear slide" (platform administrators hold it everywhere): every slide
 *   of the hospitals that privilege's scope holds;
 * - doctors: within their own hospital, the slides they uploaded, the slides of their own cases,
 *   and the hospital's unmatched slides (anyone of the hospital may match those by number);
 * - nobody else.
 * A slide outside these answers exactly like a missing one (404). Of what a doctor sees, only
 * their own uploads may be renamed or deleted (SLIDE_NOT_OWNED otherwise), apart from the case
 * owner's delete of one slide of an editable case (deletionRefusal).
 */

export type SlideDocumentRow = typeof slideDocuments.$inferSelect;

export function isSlideAdministrator(actor: Actor): boolean {
  return ADMIN_ROLES.includes(actor.roleType) && holds(actor.privileges, 'clearSlide');
}

/** The slides the caller sees in slide management, as SQL over slide_documents. */
export function visibleWhere(actor: Actor): SQL {
  if (isSlideAdministrator(actor)) {
    return whereInScope(scopeOf(actor, 'clearSlide'), slideDocuments.hospitalId);
  }
  if (actor.roleType !== RoleType.Doctor) {
    return sql`false`;
  }
  const ownCases = sql`${slideDocuments.patientId} in (${sql.join(
    [sql`select ${patients.id} from ${patients}`, sql`where ${patients.ownerId} = ${actor.userId}`],
    sql` `,
  )})`;
  return (
    and(
      whereInScope(scopeOf(actor), slideDocuments.hospitalId),
      or(eq(slideDocuments.uploadUserId, actor.userId), isNull(slideDocuments.patientId), ownCases),
    ) ?? sql`false`
  );
}

/** Renaming, renumbering or deleting a slide the caller sees: administrators, or its uploader. */
export function assertMayChange(actor: Actor, doc: SlideDocumentRow): void {
  if (!isSlideAdministrator(actor) && doc.uploadUserId !== actor.userId) {
    throw new AppError('SLIDE_NOT_OWNED');
  }
}

/** A case takes and gives up slides while its owner may edit it (new, returned, withdrawn). */
export function caseTakesSlides(state: number): boolean {
  return caseActionAllowed(state as CaseStateCode, 'edit');
}

/** The owner rule of patients/access.ts, as a yes or no. */
function ownsCase(actor: Actor, c: CaseRef): boolean {
  try {
    assertOwner(actor, c);
    return true;
  } catch {
    return false;
  }
}

export interface LockedCase extends CaseRef {
  id: number;
  state: number;
}

/**
 * Why a selection may not be deleted, or null when it may (spec §5 "Slide upload": "an option
 * containing matched slides cannot be deleted that way"). Unmatched slides go when the caller may
 * change each of them. A selection holding a matched slide is refused, except one slide alone
 * deleted by its case's owner while the case is editable (the Imagery tab's delete); a submitted
 * or completed case keeps its slides whoever asks. `matchedCase` is the case of the single
 * matched slide, locked before the slides (see delete-service), or undefined.
 */
export function deletionRefusal(
  actor: Actor,
  docs: readonly SlideDocumentRow[],
  matchedCase: LockedCase | undefined,
): AppError | null {
  const matched = docs.filter((d) => d.patientId !== null);
  if (matched.length === 0) {
    const foreign = docs.some(
      (d) => !isSlideAdministrator(actor) && d.uploadUserId !== actor.userId,
    );
    return foreign ? new AppError('SLIDE_NOT_OWNED') : null;
  }
  const [only] = matched;
  if (docs.length > 1 || !only || matchedCase?.id !== only.patientId) {
    return new AppError('SLIDE_OPTION_MATCHED');
  }
  if (!caseTakesSlides(matchedCase.state)) {
    return new AppError('SLIDE_CASE_LOCKED');
  }
  return ownsCase(actor, matchedCase) ? null : new AppError('SLIDE_OPTION_MATCHED');
}

/**
 * Storage a live document still holds: its declared size, reserved when the upload started and
 * kept once uploaded, plus the label and macro images ingest saved beside it. A failed upload
 * gave its storage back when it failed (slide-upload's failUpload), so deleting it gives nothing
 * back; a complete upload the slide engine refused keeps its files, and its storage, until it is
 * deleted.
 */
export function bytesHeldBy(
  doc: Pick<SlideDocumentRow, 'state' | 'totalBytes' | 'associatedBytes' | 'completedAt'>,
): number {
  return doc.state === SlideUploadState.Failed && doc.completedAt === null
    ? 0
    : doc.totalBytes + doc.associatedBytes;
}
