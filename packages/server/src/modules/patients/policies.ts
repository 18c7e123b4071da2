import { RoleType } from '@pathconsult/shared';

/**
 * Cases are created and changed by doctors (spec §6); reads are open to every role and decided
 * per case (access.ts).
 */
export const DOCTORS = [RoleType.Doctor] as const;
