import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CaseState,
  PATIENT_COUNT_CAP,
  type CaseStateCode,
  type PatientListName,
  type PatientQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { patientCollections, patients, users } from '../../db/schema';
import { escapeLike } from '../../lib/like';
import type { Actor } from '../auth/actor';
import { scopeOf, whereInScope } from '../tenancy/scope';
import { readableWhere } from './access';
import { chinaEndExclusive, chinaInstant } from '../../lib/china-time';
import type { PatientListRow } from './dto';

/*
 * The case lists (patient/selectPatient). The state lists are the caller's own cases of one state:
 * `owner_id = ? and state = ?` ordered by created_at walks the index patients_owner_state_idx
 * (owner, state, created_at, id) and stops after the page, however many cases the table holds.
 * A name prefix can use patients_name_idx (hospital, lower(name) text_pattern_ops) instead, which
 * is why the hospital condition (the tenancy scope) is always there. The collection list starts
 * from the caller's collections (patient_collections primary key).
 */

const LIST_STATE: Record<Exclude<PatientListName, 'collection'>, CaseStateCode> = {
  new: CaseState.New,
  waiting: CaseState.Submitted,
  completed: CaseState.Completed,
  returned: CaseState.Returned,
  withdrawn: CaseState.Withdrawn,
};

export const owner = alias(users, 'owner');
/** The caller's own collection rows (joined for bCollected, or as the list itself). */
export const mine = alias(patientCollections, 'mine');

/** The columns of a case list row (toListItem), shared with the experts' received lists. */
export const listColumns = {
  id: patients.id,
  state: patients.state,
  diagnosisNum: patients.diagnosisNum,
  name: patients.name,
  sex: patients.sex,
  ageYears: patients.ageYears,
  ageMonths: patients.ageMonths,
  ageDays: patients.ageDays,
  classification: patients.classification,
  diagnosticType: patients.diagnosticType,
  isEmergency: patients.isEmergency,
  species: patients.species,
  ownerId: patients.ownerId,
  createdAt: patients.createdAt,
  updatedAt: patients.updatedAt,
  ownerName: owner.realName,
  collected: sql<boolean>`${mine.userId} is not null`,
};

function filters(actor: Actor, q: PatientQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.strList === 'collection') {
    // Collected cases the caller may still read (a privilege taken away hides them again).
    conditions.push(readableWhere(actor));
  } else {
    conditions.push(
      eq(patients.ownerId, actor.userId),
      whereInScope(scopeOf(actor), patients.hospitalId),
      eq(patients.state, LIST_STATE[q.strList]),
    );
  }
  if (q.strPatientName) {
    const name = escapeLike(q.strPatientName);
    const pattern = q.strNameMatch === 'contains' ? `%${name}%` : `${name}%`;
    conditions.push(sql`lower(${patients.name}) like lower(${pattern})`);
  }
  if (q.strDiagnosistNum) {
    conditions.push(
      sql`lower(${patients.diagnosisNum}) like lower(${`${escapeLike(q.strDiagnosistNum)}%`})`,
    );
  }
  if (q.iPatientState != null) {
    conditions.push(eq(patients.state, q.iPatientState));
  }
  if (q.iClassification != null) {
    conditions.push(eq(patients.classification, q.iClassification));
  }
  if (q.dtStart) {
    conditions.push(gte(patients.createdAt, chinaInstant(q.dtStart)));
  }
  if (q.dtEnd) {
    conditions.push(lt(patients.createdAt, chinaEndExclusive(q.dtEnd)));
  }
  return and(...conditions);
}

function orderOf(q: PatientQuery) {
  const num = sql`lower(${patients.diagnosisNum})`;
  switch (q.strSort) {
    case 'createdAsc':
      return [asc(patients.createdAt), asc(patients.id)];
    case 'numAsc':
      return [asc(num), asc(patients.id)];
    case 'numDesc':
      return [desc(num), desc(patients.id)];
    default:
      return [desc(patients.createdAt), desc(patients.id)];
  }
}

/** The caller's collection row of a case: the collection list itself, or the bCollected mark. */
export function collectionJoin(actor: Actor) {
  return and(eq(mine.patientId, patients.id), eq(mine.userId, actor.userId));
}

/** The matching cases (only ids are needed: the page and the count read no other column). */
function matching(db: Db, actor: Actor, q: PatientQuery, columns: { id: typeof patients.id }) {
  const from = db.select(columns).from(patients);
  return q.strList === 'collection' ? from.innerJoin(mine, collectionJoin(actor)) : from;
}

/**
 * One page and the (capped) count. The page is found on ids alone and joined to its columns,
 * owner and collection mark afterwards ("deferred join"): a later page skips its offset rows
 * without joining or reading them whole.
 */
export async function listPatients(
  db: Db,
  actor: Actor,
  q: PatientQuery,
): Promise<{ rows: PatientListRow[]; total: number; capped: boolean }> {
  const where = filters(actor, q);
  const pageIds = matching(db, actor, q, { id: patients.id })
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.iPageSize)
    .offset((q.iCurPage - 1) * q.iPageSize)
    .as('page');
  const counted = matching(db, actor, q, { id: patients.id })
    .where(where)
    .limit(PATIENT_COUNT_CAP + 1)
    .as('capped');
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(pageIds)
      .innerJoin(patients, eq(patients.id, pageIds.id))
      .innerJoin(owner, eq(owner.id, patients.ownerId))
      .leftJoin(mine, collectionJoin(actor))
      .orderBy(...orderOf(q)),
    db.select({ n: count() }).from(counted),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: Math.min(n, PATIENT_COUNT_CAP), capped: n > PATIENT_COUNT_CAP };
}
