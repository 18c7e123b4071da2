import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { RegistrationRules, type CaptchaDto } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { renderCaptchaPng } from './captcha-image';
import { AddressWindowLimiter } from './captcha-limiter';

const TTL_MS = RegistrationRules.captchaTtlMinutes * 60_000;
/** Expired rows are deleted at most this often per process, by whichever request comes along. */
const PURGE_EVERY_MS = 60_000;

/** What users type: spaces ignored, any case. */
export const normalizeCaptchaAnswer = (answer: string) => answer.replace(/\s+/g, '').toUpperCase();

/**
 * Only this digest of the answer is stored. The captcha's id salts it, so equal answers of two
 * captchas do not share a digest and no table of digests of all short answers serves twice.
 */
function answerDigest(id: string, answer: string): Buffer {
  return createHash('sha256')
    .update(`${id}:${normalizeCaptchaAnswer(answer)}`)
    .digest();
}

export interface CaptchaService {
  /** A new captcha for `ip` (TOO_MANY_REQUESTS past the address's allowance). */
  issue(ip: string): Promise<CaptchaDto>;
  /**
   * Whether `answer` is right. Any check uses the captcha up, right or wrong, so that each guess
   * costs a new image; expired, used and unknown ids are all simply wrong.
   */
  consume(id: string, answer: string): Promise<boolean>;
}

export interface CaptchaOptions {
  db: Db;
  clock: Clock;
  /** The text of each new captcha: random by default; tests and CAPTCHA_FIXED_TEXT fix it. */
  text: () => string;
}

export function captchaService({ db, clock, text }: CaptchaOptions): CaptchaService {
  // One image per address per 10 s on average, bursts allowed; a person never needs more.
  const limiter = new AddressWindowLimiter(RegistrationRules.captchasPerIpPerTtl, TTL_MS);
  let lastPurge = Number.NEGATIVE_INFINITY;

  async function purgeExpired(now: Date): Promise<void> {
    if (now.getTime() - lastPurge < PURGE_EVERY_MS) {
      return;
    }
    lastPurge = now.getTime();
    await db.delete(captchas).where(lt(captchas.expiresAt, now));
  }

  return {
    async issue(ip) {
      const now = clock.now();
      if (!limiter.take(ip, now.getTime())) {
        throw new AppError('TOO_MANY_REQUESTS');
      }
      await purgeExpired(now);
      const id = randomUUID();
      const answer = text();
      const png = await renderCaptchaPng(answer);
      await db.insert(captchas).values({
        id,
        answerHash: answerDigest(id, answer).toString('hex'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + TTL_MS),
      });
      return { strCaptchaId: id, strImage: `data:image/png;base64,${png.toString('base64')}` };
    },

    async consume(id, answer) {
      const now = clock.now();
      // One statement marks it used: of two requests racing with one captcha, one gets the row.
      const [row] = await db
        .update(captchas)
        .set({ usedAt: now })
        .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
        .returning({ answerHash: captchas.answerHash });
      if (!row) {
        return false;
      }
      const expected = Buffer.from(row.answerHash, 'hex');
      const actual = answerDigest(id, answer);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
