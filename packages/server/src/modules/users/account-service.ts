import { isPasswordAcceptable, type PasswordChangeInput } from '@pathconsult/shared';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { accountKey, attemptFailed, attemptSucceeded, chargeAttempt } from '../auth/login-throttle';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { getConfig } from '../config/service';
import * as repo from './repo';
import type { UserServiceDeps } from './service';

/**
 * userManage/updateUserPassword: the caller's own password (spec §5 "Password change"). Another
 * account's id answers like a missing one.
 *
 * A wrong old password is charged to the account's login throttle: whoever holds a borrowed
 * session must not get an unthrottled oracle for the password. On success every session of the
 * account ends, the current one included (the web app then goes to /login).
 */
export async function changeOwnPassword(
  deps: UserServiceDeps,
  actor: Actor,
  input: PasswordChangeInput,
  ip: string,
): Promise<void> {
  const { db, clock } = deps;
  if (input.iUserId !== actor.userId) {
    throw notFound();
  }
  const own = await repo.findOwnUser(db, actor.userId);
  if (!own) {
    throw notFound();
  }
  const charge = await chargeAttempt(
    db,
    accountKey(own.user.id, own.user.userName),
    ip,
    clock.now(),
  );
  if (!(await verifyPassword(own.user.passwordHash, input.strOldUserPassword))) {
    await attemptFailed(db, charge, clock.now());
    throw new AppError('OLD_PASSWORD_WRONG');
  }
  await attemptSucceeded(db, charge);
  if (input.strNewUserPassword === input.strOldUserPassword) {
    throw new AppError('PASSWORD_SAME_AS_OLD');
  }
  const config = await getConfig(db);
  if (!isPasswordAcceptable(input.strNewUserPassword, config.pwdRules)) {
    throw new AppError('PASSWORD_PATTERN');
  }
  const passwordHash = await hashPassword(input.strNewUserPassword);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await repo.updateUserRow(tx, actor.userId, { passwordHash, updatedAt: now });
    await repo.revokeSessionsOf(tx, actor.userId, now);
  });
}
