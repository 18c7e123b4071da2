import type {
  FeedbackAddInput,
  FeedbackDto,
  FeedbackQuery,
  FeedbackUpdateInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import type { HospitalScope } from '../tenancy/scope';
import { toFeedbackDto } from './dto';
import { decodeFeedbackImage } from './image';
import * as repo from './repo';

/**
 * Stores a user's feedback with the sender's hospital at sending time, which decides which
 * hospital administrators see it (a later move of the account does not carry old feedback along).
 */
export async function addFeedback(
  db: Db,
  actor: Actor,
  input: FeedbackAddInput,
  now: Date,
): Promise<{ dto: FeedbackDto; imageBytes: number | null }> {
  const image = input.strImage ? decodeFeedbackImage(input.strImage) : null;
  const id = await repo.insertFeedback(db, {
    userId: actor.userId,
    hospitalId: actor.hospitalId,
    userName: actor.userName,
    content: input.strContent,
    contact: input.strContact || null,
    imagePng: image?.dataUrl ?? null,
    createdAt: now,
  });
  const view = await repo.findFeedbackView(db, { kind: 'all' }, id);
  if (!view) {
    throw notFound();
  }
  return { dto: toFeedbackDto(view), imageBytes: image?.bytes ?? null };
}

export async function listFeedback(
  db: Db,
  scope: HospitalScope,
  q: FeedbackQuery,
): Promise<{ listPage: FeedbackDto[]; iTotalCount: number }> {
  const { rows, total } = await repo.listFeedback(db, scope, q);
  return { listPage: rows.map(toFeedbackDto), iTotalCount: total };
}

/** The image of a feedback in the scope; a feedback without one answers like a missing one. */
export async function feedbackImage(db: Db, scope: HospitalScope, id: number): Promise<string> {
  const image = await repo.findImage(db, scope, id);
  if (!image) {
    throw notFound();
  }
  return image;
}

export async function updateFeedback(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  input: FeedbackUpdateInput,
  now: Date,
): Promise<FeedbackDto> {
  const handled = input.bHandled ? { by: actor.userId, at: now } : null;
  if (!(await repo.setHandled(db, scope, input.iFeedbackId, handled))) {
    throw notFound();
  }
  const view = await repo.findFeedbackView(db, scope, input.iFeedbackId);
  if (!view) {
    throw notFound();
  }
  return toFeedbackDto(view);
}

export async function deleteFeedback(db: Db, scope: HospitalScope, id: number): Promise<void> {
  if (!(await repo.deleteFeedback(db, scope, id))) {
    throw notFound();
  }
}
