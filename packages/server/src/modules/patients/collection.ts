import type { PatientCollected } from '@pathconsult/shared';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { caseReaderRole } from './access';
import * as repo from './repo';
import type { PatientDeps } from './service';

/*
 * collection/add and collection/delete (spec §3 Favourite): a user's mark on a case it may read,
 * whatever the case's state. Both are idempotent: collecting twice or cancelling a case that is
 * not collected answers the same. The case row is share-locked, so it cannot be deleted between
 * the access check and the insert.
 */

export async function setCollected(
  { db, clock }: PatientDeps,
  actor: Actor,
  patientId: number,
  collected: boolean,
): Promise<PatientCollected> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await repo.lockPatient(tx, patientId, 'share');
    if (!row) {
      throw notFound();
    }
    await caseReaderRole(tx, actor, row);
    if (collected) {
      await repo.addCollection(tx, actor.userId, patientId, now);
    } else {
      await repo.removeCollection(tx, actor.userId, patientId);
    }
  });
  return { iPatientId: patientId, bCollected: collected };
}
