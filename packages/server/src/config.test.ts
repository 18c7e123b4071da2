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
    expect(c.reportTimeZone).toBe('Asia/Shanghai');
  });

  it('takes a known report time zone and refuses an unknown one at start-up', () => {
    expect(loadConfig({ REPORT_TIME_ZONE: 'Europe/Berlin' }).reportTimeZone).toBe('Europe/Berlin');
    expect(loadConfig({ REPORT_TIME_ZONE: ' UTC ' }).reportTimeZone).toBe('UTC');
    expect(() => loadConfig({ REPORT_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(/REPORT_TIME_ZONE/);
  });

  it('refuses an invalid value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('keeps a session at least 5 idle minutes: it is marked used only once a minute', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '1' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '5' }).session.idleMinutes).toBe(5);
  });
});
