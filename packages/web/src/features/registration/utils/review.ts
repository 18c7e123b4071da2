import {
  RoleType,
  UserState,
  type HospitalOption,
  type RegistrationDto,
} from '@pathconsult/shared';

/** Tag colours of the review states. */
export const REVIEW_STATE_COLORS: Record<number, string> = {
  [UserState.PendingReview]: 'orange',
  [UserState.Approved]: 'green',
  [UserState.NotApproved]: 'volcano',
};

/** The state filter's choices; "all" sends no state. Pending first: the reviewer's work. */
export const STATE_FILTERS = ['3', '4', '5', 'all'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

export function stateOfFilter(filter: StateFilter): number | undefined {
  return filter === 'all' ? undefined : Number(filter);
}

/**
 * Hospitals an applicant may be placed at: those the reviewer manages (the picker's list) and,
 * for an expert, only hospitals that diagnose (the server's role rule).
 */
export function placementOptions(registration: RegistrationDto, hospitals: HospitalOption[]) {
  const expert = registration.ddRoleType.iNumber === RoleType.Expert;
  return hospitals.map((h) => ({
    value: h.iHospitalId,
    label: h.strHospitalName,
    disabled: expert && h.ddIsDiagnosis.iNumber === 0,
  }));
}

/** The picker's starting value: the hospital applied for, when the reviewer may place there. */
export function defaultPlacement(
  registration: RegistrationDto,
  hospitals: HospitalOption[],
): number | undefined {
  const applied = registration.hospital?.iHospitalId;
  const option = placementOptions(registration, hospitals).find((o) => o.value === applied);
  return option && !option.disabled ? option.value : undefined;
}
