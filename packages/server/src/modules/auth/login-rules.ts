import ipaddr from 'ipaddr.js';
import { LOGIN_ALLOWED_STATES, RoleType, UserState, type ErrorCodeName } from '@pathconsult/shared';

export interface LoginSubject {
  roleType: number;
  state: number;
  hospital: {
    validUntil: string | null;
    isConsultation: boolean;
    allowedLoginIps: string;
  } | null;
}

/** The calendar date (YYYY-MM-DD) of an instant in China Standard Time, the product's home zone. */
export function chinaDate(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** Whether a hospital's validity ended before `now` (the valid-until day itself is still valid). */
export function isHospitalExpired(validUntil: string | null, now: Date): boolean {
  return validUntil != null && validUntil < chinaDate(now);
}

/** Whether `ip` is in the allowed list (IPs or CIDR ranges, separated by commas or new lines). */
export function isIpAllowed(allowedList: string, ip: string): boolean {
  const entries = allowedList
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) {
    return true;
  }
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return entries.some((entry) => {
    try {
      const range = entry.includes('/') ? ipaddr.parseCIDR(entry) : null;
      if (range) {
        const [net, bits] = range;
        return address.kind() === net.kind() && address.match([net, bits] as never);
      }
      const single = ipaddr.process(entry);
      return (
        single.kind() === address.kind() &&
        single.toNormalizedString() === address.toNormalizedString()
      );
    } catch {
      return false;
    }
  });
}

/**
 * The refusal, if any, for an account whose password was right. Checked again on every request,
 * so freezing an account or a hospital's expiry takes effect at once.
 */
export function loginRefusal(subject: LoginSubject, ip: string, now: Date): ErrorCodeName | null {
  if (subject.state === UserState.Frozen) {
    return 'ACCOUNT_FROZEN';
  }
  // A registration that was not approved says so (with the reviewer's reason, see service.ts).
  if (subject.state === UserState.NotApproved) {
    return 'REGISTRATION_REJECTED';
  }
  if (!LOGIN_ALLOWED_STATES.includes(subject.state)) {
    return 'ACCOUNT_NOT_ACTIVE';
  }
  const h = subject.hospital;
  if (!h) {
    return null;
  }
  if (isHospitalExpired(h.validUntil, now)) {
    return 'HOSPITAL_EXPIRED';
  }
  if (subject.roleType === RoleType.Doctor && !h.isConsultation) {
    return 'NOT_CONSULTATION_HOSPITAL';
  }
  if (!isIpAllowed(h.allowedLoginIps, ip)) {
    return 'IP_NOT_AUTHORIZED';
  }
  return null;
}
