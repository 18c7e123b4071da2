import { randomBytes } from 'node:crypto';
import { RoleType, SUPERADMIN_USER_NAME, UserState } from '@pathconsult/shared';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';

/** A generated password: 16 characters of letters and digits, with at least one of each kind. */
function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  for (;;) {
    const bytes = randomBytes(16);
    const pw = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    if (/[A-Z]/.test(pw) && /[a-z]/.test(pw) && /\d/.test(pw)) {
      return pw;
    }
  }
}

/**
 * On an empty user table, creates the protected superadmin `admin`. Its password is ADMIN_PASSWORD
 * or, without it, generated and returned so that start-up prints it once; only the hash is kept.
 * Returns what was done, or null when users already exist.
 */
export async function ensureSuperadmin(
  db: Db,
  adminPassword: string | undefined,
): Promise<{ userName: string; generatedPassword: string | null } | null> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) {
    return null;
  }
  const password = adminPassword ?? generatePassword();
  const created = await db
    .insert(users)
    .values({
      userName: SUPERADMIN_USER_NAME,
      realName: '超级管理员',
      passwordHash: await hashPassword(password),
      roleType: RoleType.PlatformAdmin,
      state: UserState.Enabled,
      isSuperadmin: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance starting at the same moment may have won: only the winner's password counts.
  if (created.length === 0) {
    return null;
  }
  return { userName: SUPERADMIN_USER_NAME, generatedPassword: adminPassword ? null : password };
}
