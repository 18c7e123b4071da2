import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadLibcryptoSha256, nodeSha256, type Sha256Engine } from './sha256';

const libcrypto = loadLibcryptoSha256();
const engines: Sha256Engine[] = [nodeSha256, ...(libcrypto ? [libcrypto] : [])];
const hex = (...parts: Buffer[]) =>
  parts.reduce((h, p) => h.update(p), createHash('sha256')).digest('hex');

describe('SHA-256 engines', () => {
  // Required where CI installs libssl3; elsewhere Node's hash stands in and this is skipped.
  it.runIf(process.env.CI === 'true' || libcrypto)('load libcrypto (Debian: libssl3)', () => {
    expect(libcrypto?.name).toBe('libcrypto');
  });

  it('refuse a library that is not there', () => {
    expect(loadLibcryptoSha256(['libcrypto-that-does-not-exist.so.9'])).toBeNull();
  });

  it.each(engines.map((e) => [e.name, e] as const))('%s: digests as Node does', async (_, e) => {
    const bytes = randomBytes(1024 * 1024 + 7);
    expect(await e.digest(bytes)).toBe(hex(bytes));
    expect(await e.digest(Buffer.alloc(0))).toBe(hex(Buffer.alloc(0)));
    // A view into a larger buffer hashes only its own bytes.
    expect(await e.digest(bytes.subarray(5, 9000))).toBe(hex(bytes.subarray(5, 9000)));
  });

  it.each(engines.map((e) => [e.name, e] as const))(
    '%s: a running digest takes updates given at once in their order',
    async (_, e) => {
      const parts = Array.from({ length: 12 }, (_, i) => randomBytes(1000 + i * 5000));
      const running = e.running();
      await Promise.all(parts.map((p) => running.update(p)));
      expect(await running.finish()).toBe(hex(...parts));
      await expect(running.update(Buffer.alloc(1))).rejects.toThrow();
    },
  );

  it.each(engines.map((e) => [e.name, e] as const))(
    '%s: a burst of digests at once queues instead of failing',
    async (_, e) => {
      const bytes = randomBytes(64 * 1024);
      const all = await Promise.all(Array.from({ length: 400 }, () => e.digest(bytes)));
      expect(new Set(all)).toEqual(new Set([hex(bytes)]));
    },
  );

  it.each(engines.map((e) => [e.name, e] as const))(
    '%s: a running digest can be given up with an update under way',
    async (_, e) => {
      const running = e.running();
      const pending = running.update(randomBytes(4 * 1024 * 1024));
      running.dispose();
      await pending;
      await expect(running.finish()).rejects.toThrow();
    },
  );
});
