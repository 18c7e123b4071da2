import { ADMIN_ROLES, HospitalDiagnosis, RoleType, type RoleTypeCode } from '@pathconsult/shared';
import type { Actor } from '../auth/actor';

/** The hospital a role would be given at: its id and whether it diagnoses (ddIsDiagnosis). */
export interface RoleHospital {
  id: number;
  isDiagnosis: number;
}

type Giver = Pick<Actor, 'roleType' | 'hospitalId'>;

const isAdmin = (actor: Giver) => ADMIN_ROLES.includes(actor.roleType);

/**
 * Who may give which role, and where (our reading of spec §5 "Role options"):
 * - platform administrator (1): only a platform administrator gives it; a hospital is optional;
 * - hospital administrator (2): platform administrators anywhere, hospital administrators in
 *   their own hospital;
 * - doctor (3): any administrator, at any hospital;
 * - expert (4): any administrator, only at a hospital that diagnoses (ddIsDiagnosis not 0).
 * Every role but 1 needs a hospital. Whether the hospital is visible to the caller at all is the
 * tenancy module's question, asked before this one.
 */
export function mayGiveRole(
  actor: Giver,
  role: RoleTypeCode,
  hospital: RoleHospital | null,
): boolean {
  switch (role) {
    case RoleType.PlatformAdmin:
      return actor.roleType === RoleType.PlatformAdmin;
    case RoleType.HospitalAdmin:
      return (
        hospital != null &&
        (actor.roleType === RoleType.PlatformAdmin ||
          (actor.roleType === RoleType.HospitalAdmin && hospital.id === actor.hospitalId))
      );
    case RoleType.Doctor:
      return hospital != null && isAdmin(actor);
    case RoleType.Expert:
      return hospital != null && isAdmin(actor) && hospital.isDiagnosis !== HospitalDiagnosis.None;
  }
}

/**
 * Whether an administrator may edit, freeze or delete an account of this role. A hospital
 * administrator must not reach a platform administrator's account that happens to sit in its
 * hospital: resetting that password to the known default would hand over the whole platform.
 */
export function mayManageRole(actor: Giver, role: number): boolean {
  if (!isAdmin(actor)) {
    return false;
  }
  return role !== RoleType.PlatformAdmin || actor.roleType === RoleType.PlatformAdmin;
}
