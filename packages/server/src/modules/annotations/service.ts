import {
  ANNOTATIONS_PER_SLIDE_MAX,
  RoleType,
  type AnnotationAddInput,
  type AnnotationDto,
  type AnnotationKind,
  type AnnotationList,
  type AnnotationPoint,
  type AnnotationUpdateInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { expertHoldsCase } from '../patients/access';
import { slideForViewing, type ViewableSlide } from '../tiles/slide-grant';
import * as repo from './repo';

/*
 * viewer/*Annotation (issue 6): shapes and measurements on a slide. Whoever may view the slide
 * (tiles/slide-grant.ts) reads them; doctors and experts among them draw, and change or delete
 * only what they drew, an expert while the case is with them (not once returned). Administrators
 * (report view, slide management) are observers: they read, never draw. A slide the caller may
 * not view answers 404 as a missing one.
 */

export interface AnnotationDeps {
  db: Db;
  clock: Clock;
}

/** Those who take part in a case draw; administrators only look. */
export const mayDraw = (actor: Actor): boolean =>
  actor.roleType === RoleType.Doctor || actor.roleType === RoleType.Expert;

/** Doctors draw on what they may view; an expert on the slides of a case they still hold. */
async function mayDrawOn(db: Db, actor: Actor, slide: ViewableSlide): Promise<boolean> {
  if (!mayDraw(actor)) {
    return false;
  }
  return (
    actor.roleType !== RoleType.Expert ||
    (slide.patientId !== null && (await expertHoldsCase(db, slide.patientId, actor.userId)))
  );
}

/** A change refused to an expert who returned the case (they read it still). */
async function assertMayDrawOn(db: Db, actor: Actor, slide: ViewableSlide): Promise<void> {
  if (!(await mayDrawOn(db, actor, slide))) {
    throw new AppError('CASE_NOT_HELD');
  }
}

function toDto(v: repo.AnnotationView, callerId: number): AnnotationDto {
  return {
    iAnnotationId: v.row.id,
    iSlideDocumentId: v.row.slideDocumentId,
    strKind: v.row.kind as AnnotationKind,
    strColor: v.row.color,
    strText: v.row.text,
    listPoint: v.row.points,
    author: { iUserId: v.row.authorId, strRealName: v.authorName },
    bMine: v.row.authorId === callerId,
    dtCreateTime: v.row.createdAt.toISOString(),
    dtUpdateTime: v.row.updatedAt.toISOString(),
  };
}

/** Every point must lie on the slide image (its level-0 size, known once ingested). */
async function assertOnSlide(
  db: Db,
  slideId: number,
  points: AnnotationPoint[],
  lock = false,
): Promise<void> {
  const size = await repo.slideSize(db, slideId, lock);
  if (!size) {
    // Removed since the caller's access was checked (an add that waited for the removal).
    throw notFound();
  }
  if (size.width === null || size.height === null) {
    throw new AppError('SLIDE_NOT_READY');
  }
  const { width, height } = size;
  if (points.some(([x, y]) => x > width || y > height)) {
    throw new AppError('ANNOTATION_OUTSIDE_SLIDE');
  }
}

export async function listOfSlide(db: Db, actor: Actor, slideId: number): Promise<AnnotationList> {
  const slide = await slideForViewing(db, actor, slideId);
  const rows = await repo.listOfSlide(db, slideId);
  return {
    listAnnotation: rows.map((r) => toDto(r, actor.userId)),
    bMayWrite: await mayDrawOn(db, actor, slide),
  };
}

export async function add(
  { db, clock }: AnnotationDeps,
  actor: Actor,
  input: AnnotationAddInput,
): Promise<AnnotationDto> {
  await assertMayDrawOn(db, actor, await slideForViewing(db, actor, input.iSlideDocumentId));
  const now = clock.now();
  // Counted and added with the slide's row locked: two added at once at 499 made 501.
  const row = await db.transaction(async (tx) => {
    await assertOnSlide(tx, input.iSlideDocumentId, input.listPoint, true);
    if ((await repo.countOfSlide(tx, input.iSlideDocumentId)) >= ANNOTATIONS_PER_SLIDE_MAX) {
      throw new AppError('ANNOTATION_LIMIT', { max: ANNOTATIONS_PER_SLIDE_MAX });
    }
    return repo.insert(tx, {
      slideDocumentId: input.iSlideDocumentId,
      authorId: actor.userId,
      kind: input.strKind,
      color: input.strColor,
      text: input.strText || null,
      points: input.listPoint,
      createdAt: now,
      updatedAt: now,
    });
  });
  const saved = await repo.findOne(db, row.id);
  return toDto(saved ?? { row, authorName: '' }, actor.userId);
}

/**
 * The annotation for a change by the caller: 404 when it is missing or on a slide the caller may
 * not view, ANNOTATION_NOT_OWNED when someone else drew it.
 */
async function ownAnnotation(db: Db, actor: Actor, id: number): Promise<repo.AnnotationView> {
  const found = await repo.findOne(db, id);
  if (!found) {
    throw notFound();
  }
  const slide = await slideForViewing(db, actor, found.row.slideDocumentId);
  if (found.row.authorId !== actor.userId) {
    throw new AppError('ANNOTATION_NOT_OWNED');
  }
  await assertMayDrawOn(db, actor, slide);
  return found;
}

export async function update(
  { db, clock }: AnnotationDeps,
  actor: Actor,
  input: AnnotationUpdateInput,
): Promise<AnnotationDto> {
  const found = await ownAnnotation(db, actor, input.iAnnotationId);
  await assertOnSlide(db, found.row.slideDocumentId, input.listPoint);
  const row = await repo.update(db, input.iAnnotationId, actor.userId, {
    kind: input.strKind,
    color: input.strColor,
    text: input.strText || null,
    points: input.listPoint,
    updatedAt: clock.now(),
  });
  if (!row) {
    // Deleted by its author in another window between the check and the change.
    throw notFound();
  }
  return toDto({ row, authorName: found.authorName }, actor.userId);
}

/**
 * How long a deleted annotation can be restored by its author. The viewer's undo reaches back
 * until the slide is left; a day covers a slide left open overnight. Older ones are removed for
 * good on the next deletion (no timer of its own: deletions are what make them).
 */
const ANNOTATION_RESTORE_MS = 24 * 60 * 60 * 1000;

export async function remove(
  { db, clock }: AnnotationDeps,
  actor: Actor,
  id: number,
): Promise<{ iSlideDocumentId: number }> {
  const found = await ownAnnotation(db, actor, id);
  const now = clock.now();
  if (!(await repo.remove(db, id, actor.userId, now))) {
    throw notFound();
  }
  await repo.purgeDeleted(db, new Date(now.getTime() - ANNOTATION_RESTORE_MS));
  return { iSlideDocumentId: found.row.slideDocumentId };
}

/**
 * Undoes one's own deletion: the same annotation comes back (its id, its place in the drawing
 * order, its times), for everyone who views the slide. Drawing it again made a new one, last of
 * the list and on top of the others. Only its author may, while they may still draw on the
 * slide; to anyone else a deleted annotation is a missing one (404).
 */
export async function restore(
  { db }: AnnotationDeps,
  actor: Actor,
  id: number,
): Promise<AnnotationDto> {
  const found = await repo.findOne(db, id, true);
  if (!found || found.row.authorId !== actor.userId) {
    throw notFound();
  }
  await assertMayDrawOn(db, actor, await slideForViewing(db, actor, found.row.slideDocumentId));
  // Counted and restored with the slide's row locked, as an addition is.
  const row = await db.transaction(async (tx) => {
    if (!(await repo.slideSize(tx, found.row.slideDocumentId, true))) {
      throw notFound();
    }
    if ((await repo.countOfSlide(tx, found.row.slideDocumentId)) >= ANNOTATIONS_PER_SLIDE_MAX) {
      throw new AppError('ANNOTATION_LIMIT', { max: ANNOTATIONS_PER_SLIDE_MAX });
    }
    return repo.restore(tx, id, actor.userId);
  });
  if (!row) {
    // Restored (or removed for good) in another window meanwhile.
    throw notFound();
  }
  return toDto({ row, authorName: found.authorName }, actor.userId);
}
