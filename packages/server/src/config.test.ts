import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

describe('configuration from the environment', () => {
  it('trusts proxies only by hop count or address, never a whole X-Forwarded-For', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.0.1.0/24')).toEqual(['10.0.0.5', '10.0.1.0/24']);
  });

  it('applies the defaults of the README', () => {
    const c = loadConfig({ INIT_CWD: '/srv/pathconsult' });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/srv/pathconsult/data');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.session).toEqual({ idleMinutes: 30, absoluteHours: 12 });
    expect(c.trustProxy).toBe(false);
    expect(c.demoData).toBe(false);
  });

  it('refuses an invalid value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
