import {
  VerificationCodeRules as Rules,
  type ForgetPasswordInput,
  type Lang,
  type SendCodeResponse,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { clearAccountFailures } from '../auth/repo';
import { accountKey } from '../auth/login-throttle';
import { hashPassword } from '../auth/passwords';
import type { Notifier } from '../notifier/notifier';
import { assertPasswordFollowsPattern } from '../users/password-policy';
import { revokeSessionsOf } from '../users/repo';
import { codeMatches, generateCode, hashCode } from './codes';
import * as repo from './repo';
import { resetCodeText, signatureFor } from './sms-text';

export interface ForgotPasswordDeps {
  db: Db;
  clock: Clock;
  notifier: Notifier;
  /** Signature of texts whose recipient's hospital has none (SMS_SIGN_NAME). */
  signName: string;
}

/** `purpose` of the verification_codes rows of this feature. */
export const PURPOSE = 'forget-password';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/** Masks a mobile number for audit records: 138****5678. */
export const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/**
 * Checks the sending limits and records a new code, all under locks on the address and the number
 * so that parallel requests are counted one after another. Refusals:
 * - CODE_TOO_FREQUENT {seconds} within 60 s of the number's previous code (what the page's
 *   countdown shows);
 * - TOO_MANY_REQUESTS (429) past 10 codes for the number in 24 hours or 20 from the address in an
 *   hour: not a wait of seconds the user could sit out, so no countdown is offered.
 */
async function recordNewCode(
  deps: ForgotPasswordDeps,
  mobile: string,
  code: string,
  ip: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Always the address first, then the number: one order, no deadlock.
    await repo.lockKey(tx, `sms-ip:${ip}`);
    await repo.lockKey(tx, `sms-mobile:${mobile}`);
    const latest = await repo.latestCodeTime(tx, mobile, PURPOSE);
    const waitMs = latest ? latest.getTime() + Rules.resendSeconds * SECOND - now.getTime() : 0;
    if (waitMs > 0) {
      throw new AppError('CODE_TOO_FREQUENT', { seconds: Math.ceil(waitMs / SECOND) });
    }
    const today = await repo.countCodesOfMobileSince(
      tx,
      mobile,
      PURPOSE,
      new Date(now.getTime() - 24 * HOUR),
    );
    const fromIp = await repo.countCodesOfIpSince(tx, ip, new Date(now.getTime() - HOUR));
    if (today >= Rules.perMobilePerDay || fromIp >= Rules.perIpPerHour) {
      throw new AppError('TOO_MANY_REQUESTS');
    }
    await repo.invalidateUnusedCodes(tx, mobile, PURPOSE, now);
    await repo.insertCode(tx, {
      mobile,
      purpose: PURPOSE,
      codeHash: hashCode(mobile, code),
      ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + Rules.ttlMinutes * 60 * SECOND),
      failedAttempts: 0,
    });
  });
}

/** How the code left: through the notifier, or not at all for a number without accounts. */
export type CodeDelivery = 'stored' | 'sent' | 'none';

/**
 * POST user/sendCode. A number without accounts gets the same answer, the same limits and a code
 * row of its own (never sent, so never enterable): nothing tells whether the number has an
 * account. Only the outbox, which platform administrators read, differs.
 */
export async function sendCode(
  deps: ForgotPasswordDeps,
  mobile: string,
  ip: string,
  lang: Lang,
): Promise<{ answer: SendCodeResponse; delivery: CodeDelivery }> {
  const code = generateCode();
  await recordNewCode(deps, mobile, code, ip);
  const answer = { iResendSeconds: Rules.resendSeconds, iExpiresMinutes: Rules.ttlMinutes };
  const accounts = await repo.findAccountsByMobile(deps.db, mobile);
  if (accounts.length === 0) {
    return { answer, delivery: 'none' };
  }
  const delivery = await deps.notifier.sendSms({
    mobile,
    text: resetCodeText(lang, code),
    sign: signatureFor(accounts, deps.signName),
    secrets: [code],
  });
  if (delivery.status === 'failed') {
    // The code stays valid: a gateway that timed out may still have delivered it.
    throw new AppError('SMS_SEND_FAILED');
  }
  return { answer, delivery: delivery.status };
}

/**
 * POST user/forgetPwdUpdatePwd. The password follows the configured pattern (checked before the
 * code, so a refused password does not spend an attempt). The code is the number's newest one,
 * unused and under 5 minutes old, compared in constant time; a wrong entry is counted and the 5th
 * burns the code; the right one is consumed. Then, in the same transaction, every account of the
 * number gets the new password (one person may hold a doctor and an expert account on one number),
 * their sessions end and their login throttle is cleared. Returns the accounts changed.
 */
export async function resetPassword(
  deps: ForgotPasswordDeps,
  input: ForgetPasswordInput,
): Promise<number[]> {
  const { db, clock } = deps;
  await assertPasswordFollowsPattern(db, input.strNewPassword);
  // Hashed before the code is looked at: a wrong code costs the same time as a right one.
  const passwordHash = await hashPassword(input.strNewPassword);
  const now = clock.now();
  const changed = await db.transaction(async (tx) => {
    await repo.lockKey(tx, `sms-mobile:${input.strMobile}`);
    const row = await repo.findUsableCode(tx, input.strMobile, PURPOSE, now);
    if (!row) {
      return null;
    }
    if (!codeMatches(row.codeHash, input.strMobile, input.strCode)) {
      await repo.countWrongAttempt(tx, row.id, Rules.maxAttempts, now);
      return null;
    }
    await repo.consumeCode(tx, row.id, now);
    const accounts = await repo.findAccountsByMobile(tx, input.strMobile);
    for (const account of accounts) {
      const key = accountKey(account.id, account.userName);
      await repo.setPasswordHash(tx, account.id, passwordHash, now);
      await revokeSessionsOf(tx, account.id, now);
      await clearAccountFailures(tx, key);
      await repo.deleteLoginLock(tx, key);
    }
    return accounts.map((a) => a.id);
  });
  // Thrown after the transaction, so that the counted attempt is kept.
  if (changed === null) {
    throw new AppError('VERIFICATION_CODE_WRONG');
  }
  return changed;
}
