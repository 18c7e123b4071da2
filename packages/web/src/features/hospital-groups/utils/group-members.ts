import { HospitalDiagnosis, type HospitalOption } from '@pathconsult/shared';

/** A warning of the group form, before the server is asked. */
export type GroupWarning = 'noCenter' | 'overCap';

/**
 * What the server will refuse about a group's members, said while the administrator picks them:
 * a group needs a diagnostic center (spec §5), and at most `cap` institutions (configuration
 * `hospitalsPerGroup`, known to administrators only; undefined skips the check).
 */
export function groupMemberWarnings(
  selectedIds: readonly number[],
  hospitals: readonly HospitalOption[],
  cap: number | undefined,
): GroupWarning[] {
  const warnings: GroupWarning[] = [];
  const byId = new Map(hospitals.map((h) => [h.iHospitalId, h]));
  const hasCenter = selectedIds.some(
    (id) => byId.get(id)?.ddIsDiagnosis.iNumber === HospitalDiagnosis.Center,
  );
  if (selectedIds.length > 0 && !hasCenter) {
    warnings.push('noCenter');
  }
  if (cap !== undefined && selectedIds.length > cap) {
    warnings.push('overCap');
  }
  return warnings;
}

export interface MemberChoice {
  value: number;
  name: string;
  type: number;
  /** Already a member of another group: an institution belongs to one group at most. */
  inOtherGroup: boolean;
}

/** The institutions offered to a group: centers first, then by name. */
export function memberChoices(
  hospitals: readonly HospitalOption[],
  editingGroupId: number | null,
): MemberChoice[] {
  return hospitals
    .map((h) => ({
      value: h.iHospitalId,
      name: h.strHospitalName,
      type: h.ddIsDiagnosis.iNumber,
      inOtherGroup: h.iGroupId !== null && h.iGroupId !== editingGroupId,
    }))
    .sort((a, b) => b.type - a.type || a.name.localeCompare(b.name));
}

/** Form field of a 400 field error (`listHospitalId.3` → `listHospitalId`). */
export function groupFieldOf(strField: string): 'strGroupName' | 'listHospitalId' | undefined {
  const name = strField.split('.')[0];
  return name === 'strGroupName' || name === 'listHospitalId' ? name : undefined;
}

/** Refusals of a group save that concern the members rather than the name. */
export const MEMBER_ERROR_CODES: readonly string[] = [
  'GROUP_NEEDS_CENTER',
  'GROUP_HOSPITAL_LIMIT',
  'HOSPITAL_IN_OTHER_GROUP',
];
