import { HospitalDiagnosis, RoleType, type RoleTypeCode } from '@pathconsult/shared';

export interface RoleOptionContext {
  /** Role of the administrator filling in the form. */
  callerRole: RoleTypeCode | null;
  /** ddIsDiagnosis of the hospital chosen in the form; null while none is chosen. */
  hospitalDiagnosis: number | null;
  /** The administrator list (/admin/AdminList) creates administrators only. */
  adminsOnly: boolean;
  /** Role the edited user has now; kept as a choice so the form never shows an empty role. */
  current?: RoleTypeCode;
}

/**
 * Roles the user form offers, the mirror of what the server accepts (ROLE_NOT_ALLOWED):
 * - platform administrator (1) only to a platform administrator;
 * - expert (4) only at a hospital that diagnoses (ddIsDiagnosis not 0): experts receive cases,
 *   and a hospital without diagnosis receives none;
 * - the administrator list offers the administrator roles only.
 */
export function roleOptions(ctx: RoleOptionContext): RoleTypeCode[] {
  const candidates: RoleTypeCode[] = ctx.adminsOnly
    ? [RoleType.PlatformAdmin, RoleType.HospitalAdmin]
    : [RoleType.PlatformAdmin, RoleType.HospitalAdmin, RoleType.Doctor, RoleType.Expert];
  const allowed = candidates.filter((role) => {
    if (role === RoleType.PlatformAdmin) {
      return ctx.callerRole === RoleType.PlatformAdmin;
    }
    if (role === RoleType.Expert) {
      return ctx.hospitalDiagnosis !== null && ctx.hospitalDiagnosis !== HospitalDiagnosis.None;
    }
    return true;
  });
  if (ctx.current !== undefined && !allowed.includes(ctx.current)) {
    allowed.push(ctx.current);
    allowed.sort();
  }
  return allowed;
}

/** Role codes a caller may filter the list by (the administrator list shows 1 and 2 only). */
export function roleFilterOptions(adminsOnly: boolean): RoleTypeCode[] {
  return adminsOnly ? [1, 2] : [1, 2, 3, 4];
}

/** A platform administrator may belong to no hospital; every other role needs one. */
export function needsHospital(role: RoleTypeCode | undefined): boolean {
  return role !== RoleType.PlatformAdmin;
}
