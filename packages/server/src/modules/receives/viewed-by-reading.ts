import { RoleType } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import * as patientRepo from '../patients/repo';
import * as repo from './repo';

/**
 * An expert opening a slide of a case waiting with them has looked at the case, however they
 * came to it: the waiting list opens it through openReceive, but a message's link, a bookmark or
 * the case's own address go straight to its slides. The case then counts as viewed, as it does
 * from the list, and its doctor can no longer withdraw it (spec §4: only before the expert views
 * it). Under the case's lock, the order a withdrawal takes: one or the other comes first.
 */
export async function markViewedByReading(
  { db, clock }: { db: Db; clock: Clock },
  actor: Actor,
  patientId: number,
): Promise<void> {
  if (actor.roleType !== RoleType.Expert) {
    return;
  }
  const seen = await repo.waitingReceiveOf(db, patientId, actor.userId);
  if (!seen || seen.viewedAt !== null) {
    return;
  }
  await db.transaction(async (tx) => {
    await patientRepo.lockPatient(tx, patientId);
    const r = await repo.waitingReceiveOf(tx, patientId, actor.userId);
    if (r) {
      await repo.markViewed(tx, r, clock.now());
    }
  });
}
