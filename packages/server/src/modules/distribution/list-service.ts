import type {
  DistributedPage,
  DistributionPage,
  DistributionQuery,
  Lang,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../auth/actor';
import { toDistributedItem, toDistributionItem, type Distribution } from './dto';
import * as repo from './repo';
import { distributionScope } from './scope';

/*
 * The two lists of /assignMent: cases waiting at the caller's centers (unassigned) and the cases
 * they distributed (completed), newest sending first.
 */

function filtersOf(q: DistributionQuery): repo.ListFilters {
  return {
    name: q.strPatientName,
    num: q.strDiagnosistNum,
    start: q.dtStart,
    end: q.dtEnd,
    limit: q.iPageSize,
    offset: (q.iCurPage - 1) * q.iPageSize,
  };
}

/** patient/GetDistributionToBeAssigned. */
export async function waitingPage(
  db: Db,
  actor: Actor,
  q: DistributionQuery,
  lang: Lang,
): Promise<DistributionPage> {
  const { centers } = distributionScope(actor);
  const { rows, total } = await repo.distributionPage(
    db,
    actor,
    repo.waitingWhere(centers),
    filtersOf(q),
  );
  return { listPage: rows.map((r) => toDistributionItem(r, lang)), iTotalCount: total };
}

/** patient/GetDistributionAssigned: with who distributed each case, when, and to whom. */
export async function distributedPage(
  db: Db,
  actor: Actor,
  q: DistributionQuery,
  lang: Lang,
): Promise<DistributedPage> {
  const { centers } = distributionScope(actor);
  const { rows, total } = await repo.distributionPage(
    db,
    actor,
    repo.distributedWhere(centers),
    filtersOf(q),
  );
  const events = await repo.distributeEvents(db, [...new Set(rows.map((r) => r.id))]);
  return {
    listPage: rows.map((r) => toDistributedItem(r, distributionOf(events, r.id, r.sentAt), lang)),
    iTotalCount: total,
  };
}

/**
 * The distribution of a receive: the case's first 'distribute' event at or after the receive was
 * created. Exact because a case waits at one center at a time with one receive, which is
 * distributed once (never again: isAlReadyAllot 0 only), and the further receives a distribution
 * adds are created at the moment of its event (docs/decisions.md "Distribution").
 */
export function distributionOf(
  events: readonly (Distribution & { patientId: number })[],
  patientId: number,
  receiveCreatedAt: Date,
): Distribution | undefined {
  return events.find(
    (e) => e.patientId === patientId && e.createdAt.getTime() >= receiveCreatedAt.getTime(),
  );
}
