import { RoleType } from '@pathconsult/shared';

/**
 * Slide management is for doctors (their slides) and administrators holding "clear slide" (the
 * route policy refuses administrators without it; doctors need no privilege). Experts reach
 * slides through the cases sent to them only.
 */
export const SLIDE_MANAGERS = [
  RoleType.PlatformAdmin,
  RoleType.HospitalAdmin,
  RoleType.Doctor,
] as const;
