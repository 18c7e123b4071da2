import { isRoleTypeCode, SessionKey, type RoleTypeCode, type UserDto } from '@pathconsult/shared';

/**
 * The browser session of spec §3 "Session": token, iUserId, iRoleType and the user info live in
 * sessionStorage, so closing the tab logs out. Components read it through `useSession`
 * (use-session.ts); every write here notifies them.
 */

/** Key of the stored user info object; spec §3 lists its fields but not its key. */
export const USER_INFO_KEY = 'userInfo';
/** localStorage key of the "remember me" user name (never the password). */
export const REMEMBERED_NAME_KEY = 'rememberedUserName';

/** The part of UserDto the session keeps (spec §3: iUserId, strRealName, ddRoleType, hospital). */
export type SessionUser = Pick<
  UserDto,
  'iUserId' | 'strUserName' | 'strRealName' | 'ddRoleType' | 'hospital' | 'bIsSuperAdmin'
>;

export interface SessionSnapshot {
  token: string | null;
  iUserId: number | null;
  /** 1/2 admin, 3 doctor, 4 expert; null when absent or not one of those (spec §6 "no role"). */
  iRoleType: RoleTypeCode | null;
  user: SessionUser | null;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = read();

function read(): SessionSnapshot {
  const role = Number(sessionStorage.getItem(SessionKey.iRoleType));
  const userId = Number(sessionStorage.getItem(SessionKey.iUserId));
  return {
    token: sessionStorage.getItem(SessionKey.token),
    iUserId: Number.isInteger(userId) && userId > 0 ? userId : null,
    iRoleType: isRoleTypeCode(role) ? role : null,
    user: parseUser(sessionStorage.getItem(USER_INFO_KEY)),
  };
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) {
    return null;
  }
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

function changed(): void {
  snapshot = read();
  for (const listener of listeners) {
    listener();
  }
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Logged in means both a token and a role are held (spec §2, the `/` redirect). */
export function isLoggedIn(session: SessionSnapshot = snapshot): boolean {
  return Boolean(session.token) && session.iRoleType !== null;
}

export function saveLogin(token: string, user: UserDto): void {
  sessionStorage.setItem(SessionKey.token, token);
  sessionStorage.setItem(SessionKey.iUserId, String(user.iUserId));
  sessionStorage.setItem(SessionKey.iRoleType, String(user.ddRoleType.iNumber));
  saveUser(user);
}

/** Replaces the stored user info, e.g. after getUserInfo answered fresher data. */
export function saveUser(user: UserDto): void {
  const kept: SessionUser = {
    iUserId: user.iUserId,
    strUserName: user.strUserName,
    strRealName: user.strRealName,
    ddRoleType: user.ddRoleType,
    hospital: user.hospital,
    bIsSuperAdmin: user.bIsSuperAdmin,
  };
  sessionStorage.setItem(USER_INFO_KEY, JSON.stringify(kept));
  changed();
}

/** Forgets the login: every session key except the language (spec §8, 401 and logout). */
export function clearSession(): void {
  for (const key of Object.values(SessionKey)) {
    if (key !== SessionKey.lang) {
      sessionStorage.removeItem(key);
    }
  }
  sessionStorage.removeItem(USER_INFO_KEY);
  changed();
}

export function getRememberedName(): string {
  return localStorage.getItem(REMEMBERED_NAME_KEY) ?? '';
}

export function setRememberedName(name: string | null): void {
  if (name) {
    localStorage.setItem(REMEMBERED_NAME_KEY, name);
  } else {
    localStorage.removeItem(REMEMBERED_NAME_KEY);
  }
}
