import { describe, expect, it } from 'vitest';
import { AppointmentState, type AppointmentItem } from '@pathconsult/shared';
import { rowActions } from './appointment-view';

const row = (state: number, bStarted = false) =>
  ({ ddAppointState: { iNumber: state }, bStarted }) as AppointmentItem;

describe('appointment row actions', () => {
  it.each([
    [AppointmentState.Pending, 'expert', ['accept', 'decline']],
    [AppointmentState.Accepted, 'expert', ['decline']],
    [AppointmentState.Declined, 'expert', []],
    [AppointmentState.Cancelled, 'expert', []],
    [AppointmentState.Pending, 'doctor', ['cancel']],
    [AppointmentState.Accepted, 'doctor', ['cancel']],
    [AppointmentState.Declined, 'doctor', []],
    [AppointmentState.Cancelled, 'doctor', []],
  ] as const)('state %i offers the %s %j', (state, side, actions) => {
    expect(rowActions(row(state), side)).toEqual(actions);
  });

  it('offers nothing once the half-day has begun', () => {
    expect(rowActions(row(AppointmentState.Pending, true), 'expert')).toEqual([]);
    expect(rowActions(row(AppointmentState.Accepted, true), 'doctor')).toEqual([]);
  });
});
