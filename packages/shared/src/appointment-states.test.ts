import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_STATES,
  AppointmentState,
  nextAppointmentState,
  type AppointmentAction,
  type AppointmentStateCode,
} from './appointment-states';

const { Pending, Accepted, Declined, Cancelled } = AppointmentState;

/** Every allowed move of a booking; every other (state, action) pair must be refused. */
const ALLOWED: [AppointmentAction, AppointmentStateCode, AppointmentStateCode][] = [
  ['accept', Pending, Accepted],
  ['decline', Pending, Declined],
  ['decline', Accepted, Declined],
  ['cancel', Pending, Cancelled],
  ['cancel', Accepted, Cancelled],
];

describe('appointment state machine', () => {
  it.each(ALLOWED)('allows %s from %i to %i', (action, from, to) => {
    expect(nextAppointmentState(from, action)).toBe(to);
  });

  const refused = APPOINTMENT_ACTIONS.flatMap((action) =>
    APPOINTMENT_STATES.filter((from) => !ALLOWED.some(([a, f]) => a === action && f === from)).map(
      (from) => [action, from] as const,
    ),
  );
  it.each(refused)('refuses %s from %i', (action, from) => {
    expect(nextAppointmentState(from, action)).toBeNull();
  });

  it('covers every state × action pair', () => {
    expect(ALLOWED.length + refused.length).toBe(
      APPOINTMENT_ACTIONS.length * APPOINTMENT_STATES.length,
    );
  });

  it('keeps declined and cancelled bookings final', () => {
    for (const action of APPOINTMENT_ACTIONS) {
      expect(nextAppointmentState(Declined, action)).toBeNull();
      expect(nextAppointmentState(Cancelled, action)).toBeNull();
    }
  });
});
