import {
  isRoleTypeCode,
  type ErrorCodeName,
  type LoginRequest,
  type LoginResponse,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/app-error';
import { toUserDto } from '../users/dto';
import { findLoginCandidates, type UserWithHospital } from '../users/repo';
import type { Actor } from './actor';
import { loginRefusal } from './login-rules';
import { accountKey, attemptFailed, attemptSucceeded, chargeAttempt } from './login-throttle';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { loadHeldPrivileges, NO_PRIVILEGES, type HeldPrivileges } from '../privileges/held';
import * as repo from './repo';
import { recentActor, rememberActor } from './recent-sessions';
import {
  absoluteExpiry,
  hashSessionToken,
  lastUseOf,
  needsTouch,
  newSessionToken,
  sessionStatus,
  type SessionPolicy,
} from './tokens';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  policy: SessionPolicy;
}

export interface LoginContext {
  ip: string;
  userAgent: string | null;
}

/**
 * Logins by mobile number check up to this many accounts (one mobile may serve several roles); they
 * always spend this many verifications, so the time taken does not tell how many accounts share a
 * number, or whether any does.
 */
const MOBILE_CANDIDATES = 4;

/** The account whose password matches, among the candidates of a name or mobile number. */
async function matchPassword(candidates: UserWithHospital[], password: string, byMobile: boolean) {
  let match: UserWithHospital | null = null;
  for (const c of candidates) {
    if ((await verifyPassword(c.user.passwordHash, password)) && !match) {
      match = c;
    }
  }
  const wanted = byMobile ? MOBILE_CANDIDATES : 1;
  for (let i = candidates.length; i < wanted; i++) {
    await verifyAgainstNothing(password);
  }
  return match;
}

/** A refusal of an account whose password was right: the audit record names the account. */
export class LoginRefusedError extends AppError {
  constructor(
    code: ErrorCodeName,
    readonly account: {
      userId: number;
      userName: string;
      roleType: number;
      hospitalId: number | null;
    },
    params: Record<string, string | number> = {},
  ) {
    super(code, params);
  }
}

/**
 * Logs a user in by user name or mobile number. An unknown name and a wrong password get the same
 * refusal; account and hospital refusals come only after the password was right, so they do not
 * reveal which accounts exist.
 */
export async function login(
  deps: AuthDeps,
  input: LoginRequest,
  ctx: LoginContext,
): Promise<{ response: LoginResponse; actor: Actor }> {
  const { db, clock, policy } = deps;
  const now = clock.now();
  const { candidates, byMobile } = await findLoginCandidates(db, input.strUserName);
  const charge = await chargeAttempt(
    db,
    accountKey(candidates[0]?.user.id ?? null, input.strUserName),
    ctx.ip,
    now,
  );
  const match = await matchPassword(candidates, input.strUserPassword, byMobile);
  if (!match) {
    await attemptFailed(db, charge, now);
    throw new AppError('LOGIN_FAILED');
  }
  await attemptSucceeded(db, charge);
  const { user, hospital } = match;
  const refusal = loginRefusal(
    { roleType: user.roleType, state: user.state, hospital },
    ctx.ip,
    now,
  );
  if (refusal) {
    throw new LoginRefusedError(
      refusal,
      {
        userId: user.id,
        userName: user.userName,
        roleType: user.roleType,
        hospitalId: user.hospitalId,
      },
      // Told only to whoever knows the password: the applicant.
      refusal === 'REGISTRATION_REJECTED' ? { reason: user.reviewReason ?? '' } : {},
    );
  }

  const token = newSessionToken();
  const sessionId = await repo.insertSession(db, {
    tokenHash: hashSessionToken(token),
    userId: user.id,
    now,
    expiresAt: absoluteExpiry(now, policy),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  return {
    response: { token, user: toUserDto(user, hospital) },
    actor: toActor(match, sessionId, NO_PRIVILEGES),
  };
}

function toActor(
  { user, hospital }: UserWithHospital,
  sessionId: number,
  privileges: HeldPrivileges,
): Actor {
  if (!isRoleTypeCode(user.roleType)) {
    throw new AppError('FORBIDDEN');
  }
  return {
    userId: user.id,
    userName: user.userName,
    roleType: user.roleType,
    hospitalId: user.hospitalId,
    groupId: hospital?.groupId ?? null,
    isSuperadmin: user.isSuperadmin,
    sessionId,
    privileges,
  };
}

/**
 * Resolves a token to the caller. Refuses revoked, expired and idle sessions, and sessions whose
 * account or hospital may no longer log in (frozen, expired, address no longer allowed). Renews the
 * idle timer to the person's last use (`lastUseOf`: now, unless the call says how long its tab has
 * been idle).
 */
export async function authenticate(
  deps: AuthDeps,
  token: string,
  ip: string,
  idleHeader?: unknown,
): Promise<Actor> {
  const now = deps.clock.now();
  const found = await repo.findSessionByTokenHash(deps.db, hashSessionToken(token));
  if (!found) {
    throw new AppError('SESSION_EXPIRED');
  }
  const { session, user, hospital } = found;
  if (sessionStatus(session, now, deps.policy) !== 'active') {
    throw new AppError('SESSION_EXPIRED');
  }
  if (loginRefusal({ roleType: user.roleType, state: user.state, hospital }, ip, now)) {
    await repo.revokeSession(deps.db, session.id, now);
    throw new AppError('SESSION_EXPIRED');
  }
  const usedAt = lastUseOf(now, idleHeader);
  if (needsTouch(session.lastUsedAt, usedAt)) {
    await repo.touchSession(deps.db, session.id, usedAt);
  }
  if (!isRoleTypeCode(user.roleType)) {
    throw new AppError('FORBIDDEN');
  }
  const privileges = await loadHeldPrivileges(deps.db, user.id, user.roleType);
  return toActor({ user, hospital }, session.id, privileges);
}

/**
 * authenticate, for the routes that arrive many times a second (policy.recentSession): a session
 * checked less than a second ago from the same address is not checked again (recent-sessions.ts).
 */
export async function authenticateRecent(
  deps: AuthDeps,
  token: string,
  ip: string,
  idleHeader?: unknown,
): Promise<Actor> {
  const tokenHash = hashSessionToken(token);
  const now = deps.clock.now().getTime();
  const known = recentActor(tokenHash, ip, now);
  if (known) {
    return known;
  }
  const actor = await authenticate(deps, token, ip, idleHeader);
  rememberActor(tokenHash, ip, actor, now);
  return actor;
}

export async function logout(deps: AuthDeps, actor: Actor): Promise<void> {
  await repo.revokeSession(deps.db, actor.sessionId, deps.clock.now());
}
