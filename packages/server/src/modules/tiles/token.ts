import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Slide tile tokens: `<slideId>.<hospitalId>.<grantEpoch>.<expiryEpochSec>.<signature>`, the
 * signature being HMAC-SHA256 (base64url) of the first four parts. Tile requests carry one in
 * their path and are let through on the signature, the expiry and the slide's grant epoch, which
 * the open slide holds (slide-cache.ts): no session lookup, no database query per tile. Whoever
 * holds a token sees that one slide until it expires or the slide's epoch is raised (someone lost
 * the right to view it); the viewer then asks for a new one.
 */

export const TILE_TOKEN_LIFETIME_SEC = 2 * 60 * 60;

/**
 * Expiries are rounded up to this window, so a token lasts the lifetime plus up to a window.
 * Every token for a slide issued within one window is the same, and so are its tile addresses:
 * a slide opened again (a reload, another tab, the next case in the list and back, the expert
 * back from a break) is answered from the browser's cache instead of asking for every tile anew
 * under a new address. Two hours, as the lifetime: a token lasts 2–4 hours. With 15 minutes, a
 * slide reopened after a coffee break downloaded every tile again.
 */
export const TILE_TOKEN_WINDOW_SEC = 2 * 60 * 60;

/** When a token issued at `now` expires (epoch seconds): the lifetime, rounded up to a window. */
export function tokenExpiry(now: Date): number {
  const earliest = Math.floor(now.getTime() / 1000) + TILE_TOKEN_LIFETIME_SEC;
  return Math.ceil(earliest / TILE_TOKEN_WINDOW_SEC) * TILE_TOKEN_WINDOW_SEC;
}

export interface TileGrant {
  slideId: number;
  hospitalId: number;
  /** The slide's tile_grant_epoch when the token was issued. */
  epoch: number;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface TileTokens {
  sign(grant: TileGrant): string;
  /** The grant of a well-formed, authentic token not expired at `now`, else null. */
  verify(token: string, now: Date): TileGrant | null;
}

const TOKEN_SHAPE = /^(\d{1,12})\.(\d{1,12})\.(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Tokens signed with `secret`; without one, a random key of this process (TILE_TOKEN_SECRET
 * unset): tokens then stop working when the server restarts and the viewer fetches new ones.
 */
export function tileTokens(secret: string | undefined): TileTokens {
  const key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign({ slideId, hospitalId, epoch, expiresAt }) {
      const payload = `${slideId}.${hospitalId}.${epoch}.${expiresAt}`;
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now) {
      const m = TOKEN_SHAPE.exec(token);
      if (!m) {
        return null;
      }
      const [, slide, hospital, epoch, expiry, signature] = m as unknown as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      // The text is compared, not the decoded bytes: base64url's last character carries two
      // unused bits, so decoding would take four spellings of one signature as the same.
      const given = Buffer.from(signature, 'ascii');
      const expected = Buffer.from(
        mac(`${slide}.${hospital}.${epoch}.${expiry}`).toString('base64url'),
      );
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return null;
      }
      const expiresAt = Number(expiry);
      if (expiresAt * 1000 <= now.getTime()) {
        return null;
      }
      return {
        slideId: Number(slide),
        hospitalId: Number(hospital),
        epoch: Number(epoch),
        expiresAt,
      };
    },
  };
}
