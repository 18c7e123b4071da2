import type { RoleTypeCode } from '@pathconsult/shared';
import type { HeldPrivileges } from '../privileges/held';

/** Who is calling: resolved once per request from the session token. */
export interface Actor {
  userId: number;
  userName: string;
  roleType: RoleTypeCode;
  hospitalId: number | null;
  groupId: number | null;
  isSuperadmin: boolean;
  sessionId: number;
  /** Administrator privileges (spec §6); loaded with the session. */
  privileges: HeldPrivileges;
}
