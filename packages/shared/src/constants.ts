/**
 * Codes and limits of the product (spec §3, §6, §9). Both the server and the web app read them
 * from here so that a number means the same thing on both sides.
 */

/** Role codes of spec §6: 1 and 2 administrators, 3 doctor, 4 expert. */
export const RoleType = {
  /** Platform administrator: sees every hospital (the superadmin has this role). */
  PlatformAdmin: 1,
  /** Hospital administrator: sees its own hospital unless privileges widen the scope. */
  HospitalAdmin: 2,
  Doctor: 3,
  Expert: 4,
} as const;
export type RoleTypeCode = (typeof RoleType)[keyof typeof RoleType];
export const ALL_ROLES: readonly RoleTypeCode[] = [1, 2, 3, 4];
export const ADMIN_ROLES: readonly RoleTypeCode[] = [1, 2];

export function isRoleTypeCode(value: unknown): value is RoleTypeCode {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** Account states of spec §3 User. Users are created enabled (1), spec §4. */
export const UserState = {
  Initial: 0,
  Enabled: 1,
  Frozen: 2,
  PendingReview: 3,
  Approved: 4,
  NotApproved: 5,
} as const;
export type UserStateCode = (typeof UserState)[keyof typeof UserState];
/** States in which an account may log in. */
export const LOGIN_ALLOWED_STATES: readonly number[] = [UserState.Enabled, UserState.Approved];

export const Sex = { Male: 1, Female: 2 } as const;

/** ddIsDiagnosis of a hospital: 0 no diagnosis, 1 diagnosis (meaning not shown in the spec), 2 diagnosis center. */
export const HospitalDiagnosis = { None: 0, Diagnosis: 1, Center: 2 } as const;

/** User name of the protected superadmin created on first start. */
export const SUPERADMIN_USER_NAME = 'admin';

/** Page size by the screen's device-pixel width (spec §9). */
export function pageSizeForScreen(deviceWidthPx: number): number {
  if (deviceWidthPx <= 1920) {
    return 10;
  }
  if (deviceWidthPx <= 2560) {
    return 15;
  }
  return 20;
}
export const PAGE_SIZE_OPTIONS = [10, 15, 20, 30] as const;
export const MAX_PAGE_SIZE = 100;

/** Browser session keys of spec §3 "Session". */
export const SessionKey = {
  lang: 'lang',
  tagsView: 'tagsView',
  token: 'token',
  iUserId: 'iUserId',
  iRoleType: 'iRoleType',
  outSideUrl: 'outSideUrl',
} as const;

/** Time limits of spec §9 and of the session policy (minutes unless named otherwise). */
export const Limits = {
  requestTimeoutMs: 60_000,
  chunkLoadTimeoutMs: 120_000,
  errorToastDebounceMs: 1_000,
  toastDurationS: 1,
  toastMaxCount: 3,
  logoutAfterPasswordChangeMs: 500,
  sessionIdleMinutesDefault: 30,
  sessionAbsoluteHoursDefault: 12,
  /** ASVS 2.2.1: a short lock after 10 failures in 15 minutes, at most 100 failures an hour. */
  loginFailuresBeforeLock: 10,
  loginFailureWindowMinutes: 15,
  loginFailuresPerHourMax: 100,
  /** Per source IP (many accounts from one address): failures in the 15-minute window. */
  loginFailuresPerIpWindow: 50,
  nameMaxLength: 16,
  hospitalNameMaxLength: 64,
} as const;

export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';

/** Reads a `lang` header or query value ("zh", "zh-CN", "en", "en-US"...) into a Lang. */
export function parseLang(value: unknown): Lang {
  return typeof value === 'string' && value.toLowerCase().startsWith('en') ? 'en' : 'zh';
}
