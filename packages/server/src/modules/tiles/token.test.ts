import { describe, expect, it } from 'vitest';
import { tileTokens } from './token.js';

const now = new Date('2026-11-28T10:00:00Z');
const grant = { slideId: 7, hospitalId: 3, expiresAt: now.getTime() / 1000 + 60 };
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
    expect(Buffer.from(twin.split('.')[3]!, 'base64url')).toEqual(
      Buffer.from(token.split('.')[3]!, 'base64url'),
    );
    expect(tokens.verify(twin, now)).toBeNull();
    expect(tokens.verify(token.replace('.3.', '.4.'), now)).toBeNull();
  });
});
