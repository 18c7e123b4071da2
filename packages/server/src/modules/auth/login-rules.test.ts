import { describe, expect, it } from 'vitest';
import { RoleType, UserState } from '@pathconsult/shared';
import { chinaDate, isHospitalExpired, isIpAllowed, loginRefusal } from './login-rules';

const hospital = { validUntil: null, isConsultation: true, allowedLoginIps: '' };
const now = new Date('2026-03-01T10:00:00Z');

describe('login rules', () => {
  it('count a hospital valid through its last day in China time', () => {
    expect(chinaDate(new Date('2026-02-28T17:00:00Z'))).toBe('2026-03-01');
    expect(isHospitalExpired('2026-03-01', now)).toBe(false);
    expect(isHospitalExpired('2026-02-28', now)).toBe(true);
    expect(isHospitalExpired(null, now)).toBe(false);
  });

  it('match addresses and CIDR ranges, IPv4 and IPv4-mapped IPv6', () => {
    expect(isIpAllowed('', '8.8.8.8')).toBe(true);
    expect(isIpAllowed('10.0.0.0/8', '10.20.30.40')).toBe(true);
    expect(isIpAllowed('10.0.0.0/8', '::ffff:10.20.30.40')).toBe(true);
    expect(isIpAllowed('10.0.0.0/8\n192.168.1.5', '192.168.1.5')).toBe(true);
    expect(isIpAllowed('10.0.0.0/8', '11.0.0.1')).toBe(false);
    expect(isIpAllowed('2001:db8::/32', '2001:db8::1')).toBe(true);
    expect(isIpAllowed('10.0.0.1', 'not-an-ip')).toBe(false);
  });

  it('refuse in the order frozen, not active, expired, non-consultation, address', () => {
    const doctor = { roleType: RoleType.Doctor, state: UserState.Enabled, hospital };
    expect(loginRefusal(doctor, '1.2.3.4', now)).toBeNull();
    expect(loginRefusal({ ...doctor, state: UserState.Frozen }, '1.2.3.4', now)).toBe(
      'ACCOUNT_FROZEN',
    );
    expect(loginRefusal({ ...doctor, state: UserState.PendingReview }, '1.2.3.4', now)).toBe(
      'ACCOUNT_NOT_ACTIVE',
    );
    expect(loginRefusal({ ...doctor, state: UserState.NotApproved }, '1.2.3.4', now)).toBe(
      'REGISTRATION_REJECTED',
    );
    const expired = { ...doctor, hospital: { ...hospital, validUntil: '2026-01-01' } };
    expect(loginRefusal(expired, '1.2.3.4', now)).toBe('HOSPITAL_EXPIRED');
    const nonConsult = { ...doctor, hospital: { ...hospital, isConsultation: false } };
    expect(loginRefusal(nonConsult, '1.2.3.4', now)).toBe('NOT_CONSULTATION_HOSPITAL');
    expect(loginRefusal({ ...nonConsult, roleType: RoleType.Expert }, '1.2.3.4', now)).toBeNull();
    const closed = { ...doctor, hospital: { ...hospital, allowedLoginIps: '10.0.0.0/8' } };
    expect(loginRefusal(closed, '1.2.3.4', now)).toBe('IP_NOT_AUTHORIZED');
  });
});
