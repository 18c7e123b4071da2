import { Limits } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './repo';

/**
 * Throttling of password guessing (ASVS 2.2.1), kept in the database so that it holds across
 * server instances:
 * - an account is locked for 15 minutes after 10 failures within 15 minutes; this also keeps it
 *   far below the ceiling of 100 failures an hour;
 * - a source address is locked for 15 minutes after 50 failures within 15 minutes, whatever
 *   account names it tries.
 * While locked, attempts are refused without checking the password and are not counted again.
 */
const WINDOW_MS = Limits.loginFailureWindowMinutes * 60_000;

export const accountKey = (userName: string) => `user:${userName.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

async function throwIfLocked(db: Db, key: string, now: Date): Promise<void> {
  const until = await repo.findLockedUntil(db, key);
  if (until && until.getTime() > now.getTime()) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    throw new AppError('LOGIN_LOCKED', { minutes });
  }
}

export async function assertLoginAllowed(db: Db, userName: string, ip: string, now: Date) {
  await throwIfLocked(db, ipKey(ip), now);
  await throwIfLocked(db, accountKey(userName), now);
}

/** Records a failed attempt and locks the account or address when its window is full. */
export async function registerFailure(db: Db, userName: string, ip: string, now: Date) {
  const userKey = accountKey(userName);
  await repo.recordLoginFailure(db, userKey, ip, now);
  const since = new Date(now.getTime() - WINDOW_MS);
  const until = new Date(now.getTime() + WINDOW_MS);
  const account = await repo.countAccountFailures(db, userKey, since);
  if (account.n >= Limits.loginFailuresBeforeLock) {
    await repo.setLock(db, userKey, until);
  }
  if ((await repo.countIpFailures(db, ip, since)) >= Limits.loginFailuresPerIpWindow) {
    await repo.setLock(db, ipKey(ip), until);
  }
}

export async function registerSuccess(db: Db, userName: string): Promise<void> {
  await repo.clearAccountFailures(db, accountKey(userName));
}
