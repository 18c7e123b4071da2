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
 *
 * Each attempt is charged (written as a failure) BEFORE its password is checked, and counted
 * together with every attempt written before it. Attempts sent in parallel therefore cannot all
 * pass a check that none of them has yet been counted in: the k-th attempt written sees at least
 * k. A successful login takes its charge back by clearing the account's failures.
 */
const WINDOW_MS = Limits.loginFailureWindowMinutes * 60_000;

/** The counter of an account: the account's id once known, else the name that was typed. */
export function accountKey(accountId: number | null, typedName: string): string {
  return accountId == null ? `name:${typedName.trim().toLowerCase()}` : `account:${accountId}`;
}
export const ipKey = (ip: string) => `ip:${ip}`;

async function throwIfLocked(db: Db, key: string, now: Date): Promise<void> {
  const until = await repo.findLockedUntil(db, key);
  if (until && until.getTime() > now.getTime()) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    throw new AppError('LOGIN_LOCKED', { minutes });
  }
}

export interface Charge {
  key: string;
  ip: string;
  accountFailures: number;
  ipFailures: number;
}

/** Refuses a locked account or address, else charges the attempt and refuses it over a limit. */
export async function chargeAttempt(db: Db, key: string, ip: string, now: Date): Promise<Charge> {
  await throwIfLocked(db, ipKey(ip), now);
  await throwIfLocked(db, key, now);
  await repo.recordLoginFailure(db, key, ip, now);
  const since = new Date(now.getTime() - WINDOW_MS);
  const accountFailures = await repo.countAccountFailures(db, key, since);
  const ipFailures = await repo.countIpFailures(db, ip, since);
  const until = new Date(now.getTime() + WINDOW_MS);
  if (accountFailures > Limits.loginFailuresBeforeLock) {
    await repo.setLock(db, key, until);
    throw new AppError('LOGIN_LOCKED', { minutes: Limits.loginFailureWindowMinutes });
  }
  if (ipFailures > Limits.loginFailuresPerIpWindow) {
    await repo.setLock(db, ipKey(ip), until);
    throw new AppError('LOGIN_LOCKED', { minutes: Limits.loginFailureWindowMinutes });
  }
  return { key, ip, accountFailures, ipFailures };
}

/** The password was wrong: the charge stays, and the limit reached locks at once. */
export async function attemptFailed(db: Db, charge: Charge, now: Date): Promise<void> {
  const until = new Date(now.getTime() + WINDOW_MS);
  if (charge.accountFailures >= Limits.loginFailuresBeforeLock) {
    await repo.setLock(db, charge.key, until);
  }
  if (charge.ipFailures >= Limits.loginFailuresPerIpWindow) {
    await repo.setLock(db, ipKey(charge.ip), until);
  }
}

/** The password was right: the account's failures, this charge among them, are forgiven. */
export async function attemptSucceeded(db: Db, charge: Charge): Promise<void> {
  await repo.clearAccountFailures(db, charge.key);
}
