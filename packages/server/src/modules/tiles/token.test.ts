import { describe, expect, it } from 'vitest';
import {
  TILE_TOKEN_LIFETIME_SEC,
  TILE_TOKEN_WINDOW_SEC,
  tileTokens,
  tokenExpiry,
} from './token.js';

const now = new Date('2026-11-28T10:00:00Z');
const grant = { slideId: 7, hospitalId: 3, epoch: 0, expiresAt: now.getTime() / 1000 + 60 };
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('tile tokens', () => {
  it('let the signed grant through until it expires', () => {
    const tokens = tileTokens('secret');
    const token = tokens.sign(grant);
    expect(tokens.verify(token, now)).toEqual(grant);
    expect(tokens.verify(token, new Date((grant.expiresAt + 1) * 1000))).toBeNull();
    expect(tileTokens('another secret').verify(token, now)).toBeNull();
  });

  it('refuse every other spelling of the signature, even one that decodes to the same bytes', () => {
    const tokens = tileTokens('secret');
    const token = tokens.sign(grant);
    const last = token.at(-1)!;
    // 43 characters hold 258 bits for a 256-bit signature: the last one's two low bits are unused.
    const sameBytes = BASE64URL[BASE64URL.indexOf(last) ^ 1]!;
    const twin = `${token.slice(0, -1)}${sameBytes}`;
    expect(Buffer.from(twin.split('.')[4]!, 'base64url')).toEqual(
      Buffer.from(token.split('.')[4]!, 'base64url'),
    );
    expect(tokens.verify(twin, now)).toBeNull();
    expect(tokens.verify(token.replace('.3.', '.4.'), now)).toBeNull();
    // Another grant epoch (raised since: the token was revoked) cannot be written in.
    expect(tokens.verify(token.replace('.3.0.', '.3.1.'), now)).toBeNull();
    expect(tokens.verify(tokens.sign({ ...grant, epoch: 1 }), now)).toEqual({ ...grant, epoch: 1 });
  });

  it('expire two hours on, rounded up to a window: tokens issued within one window are alike', () => {
    const at = (iso: string) => tokenExpiry(new Date(iso));
    const first = at('2026-11-28T10:00:01Z');
    expect(first % TILE_TOKEN_WINDOW_SEC).toBe(0);
    const lifetime = first - Date.parse('2026-11-28T10:00:01Z') / 1000;
    expect(lifetime).toBeGreaterThanOrEqual(TILE_TOKEN_LIFETIME_SEC);
    expect(lifetime).toBeLessThan(TILE_TOKEN_LIFETIME_SEC + TILE_TOKEN_WINDOW_SEC);
    // 10:00 UTC starts a window (windows count from the epoch, and 10 hours are whole windows).
    const into = (sec: number) => new Date(Date.parse('2026-11-28T10:00:00Z') + sec * 1000);
    expect(tokenExpiry(into(TILE_TOKEN_WINDOW_SEC - 1))).toBe(first);
    expect(tokenExpiry(into(TILE_TOKEN_WINDOW_SEC + 1))).toBe(first + TILE_TOKEN_WINDOW_SEC);
    // Addresses stay the same long enough for an expert's return after a break to find the
    // tiles in the browser's cache.
    expect(TILE_TOKEN_WINDOW_SEC).toBeGreaterThanOrEqual(60 * 60);
    // On the boundary itself: exactly the lifetime.
    expect(at('2026-11-28T10:00:00Z')).toBe(Date.parse('2026-11-28T12:00:00Z') / 1000);
    const tokens = tileTokens('secret');
    const grant = { slideId: 7, hospitalId: 3, epoch: 0, expiresAt: first };
    expect(tokens.sign(grant)).toBe(
      tokens.sign({ ...grant, expiresAt: at('2026-11-28T10:10:00Z') }),
    );
  });
});
