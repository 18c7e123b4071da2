/**
 * Appointments (spec §2 /subscribeList, §7 addPatientReceiveReservation, updatePatientAppointState):
 * a doctor books a half-day of an expert's week for a frozen-section or urgent consultation of
 * one of their cases. The kinds, the states and which action may move a booking from which state
 * live here, like the case's (case-states.ts); the server refuses anything not listed with
 * CASE_STATE_CHANGED and the list's row actions read the same table.
 */
export const AppointmentKind = {
  /** Intraoperative frozen section: the expert reads the slides while the patient is in theatre. */
  FrozenSection: 0,
  /** Any other consultation that cannot wait for the regular queue. */
  Urgent: 1,
} as const;
export type AppointmentKindCode = (typeof AppointmentKind)[keyof typeof AppointmentKind];
export const APPOINTMENT_KINDS: readonly AppointmentKindCode[] = [0, 1];

export const AppointmentState = {
  /** Asked by the doctor, waiting for the expert's answer. */
  Pending: 0,
  /** The expert will be there. */
  Accepted: 1,
  /** The expert cannot take it (with a reason). */
  Declined: 2,
  /** The doctor called it off before it started. */
  Cancelled: 3,
} as const;
export type AppointmentStateCode = (typeof AppointmentState)[keyof typeof AppointmentState];
export const APPOINTMENT_STATES: readonly AppointmentStateCode[] = [0, 1, 2, 3];

/** Bookings that hold their half-day: nobody else can book it while one exists. */
export const ACTIVE_APPOINTMENT_STATES: readonly AppointmentStateCode[] = [
  AppointmentState.Pending,
  AppointmentState.Accepted,
];

export type AppointmentAction =
  /** The expert agrees (a pending booking only). */
  | 'accept'
  /** The expert refuses, with a reason; an accepted booking can still be given up. */
  | 'decline'
  /** The doctor calls it off before it starts (checked by the caller). */
  | 'cancel';
export const APPOINTMENT_ACTIONS: readonly AppointmentAction[] = ['accept', 'decline', 'cancel'];

/** Which role may take each action: the expert answers, the doctor cancels. */
export const APPOINTMENT_ACTION_SIDE: Record<AppointmentAction, 'expert' | 'doctor'> = {
  accept: 'expert',
  decline: 'expert',
  cancel: 'doctor',
};

const TRANSITIONS: Record<
  AppointmentAction,
  Partial<Record<AppointmentStateCode, AppointmentStateCode>>
> = {
  accept: { [AppointmentState.Pending]: AppointmentState.Accepted },
  decline: {
    [AppointmentState.Pending]: AppointmentState.Declined,
    // Plans change: an expert who accepted may still withdraw, saying why, before it starts.
    [AppointmentState.Accepted]: AppointmentState.Declined,
  },
  cancel: {
    [AppointmentState.Pending]: AppointmentState.Cancelled,
    [AppointmentState.Accepted]: AppointmentState.Cancelled,
  },
};

/** The state an action leads to from a state, or null when the action is not allowed there. */
export function nextAppointmentState(
  from: AppointmentStateCode,
  action: AppointmentAction,
): AppointmentStateCode | null {
  return TRANSITIONS[action][from] ?? null;
}

export function isAppointmentStateCode(value: unknown): value is AppointmentStateCode {
  return typeof value === 'number' && (APPOINTMENT_STATES as readonly number[]).includes(value);
}
