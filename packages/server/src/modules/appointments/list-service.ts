import { and, eq, type SQL } from 'drizzle-orm';
import { RoleType, type AppointmentPage, type AppointmentQuery } from '@pathconsult/shared';
import type { Actor } from '../auth/actor';
import { appointments } from '../../db/schema';
import { chinaEndExclusive, chinaInstant } from '../../lib/china-time';
import { scopeOf, whereInScope } from '../tenancy/scope';
import type { AppointmentDeps } from './book-service';
import { toAppointmentItem } from './dto';
import * as repo from './repo';

/** The bookings a caller sees, as SQL: isPartyTo (state-service.ts) for a list. */
function sideWhere(actor: Actor): SQL | undefined {
  if (actor.roleType === RoleType.Expert) {
    return eq(appointments.expertId, actor.userId);
  }
  return and(
    eq(appointments.doctorId, actor.userId),
    whereInScope(scopeOf(actor), appointments.hospitalId),
  );
}

/** patient/selectPatientAppoint: the doctor's bookings, or the expert's, soonest first. */
export async function appointmentPage(
  { db, clock }: AppointmentDeps,
  actor: Actor,
  q: AppointmentQuery,
): Promise<AppointmentPage> {
  const now = clock.now();
  const { rows, total } = await repo.appointmentPage(
    db,
    sideWhere(actor),
    {
      state: q.iState,
      from: q.dtStart ? chinaInstant(q.dtStart) : undefined,
      until: q.dtEnd ? chinaEndExclusive(q.dtEnd) : undefined,
      name: q.strPatientName || undefined,
      num: q.strDiagnosistNum || undefined,
      limit: q.iPageSize,
      offset: (q.iCurPage - 1) * q.iPageSize,
    },
    now,
  );
  return { listPage: rows.map((r) => toAppointmentItem(r, now)), iTotalCount: total };
}
