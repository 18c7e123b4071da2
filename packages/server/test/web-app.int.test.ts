import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS } from '../src/app';
import { startTestApp, type TestApp } from './helpers/test-app';
import { pglite } from './helpers/databases';

describe('the web app beside the API on one port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite);
  });
  afterAll(() => t.close());

  it('keeps idle connections open past a proxy’s pool (not Node’s 5 s)', () => {
    expect(t.app.server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(t.app.server.headersTimeout).toBeGreaterThan(KEEP_ALIVE_MS);
  });

  it('serves index.html at / and the version file, never cached', async () => {
    const index = await fetch(`${t.baseUrl}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(index.headers.get('cache-control')).toBe('no-store');
    const version = await fetch(`${t.baseUrl}/version.json`);
    expect(await version.json()).toEqual({ version: 'test' });
    expect(version.headers.get('cache-control')).toBe('no-store');
  });

  it('serves hashed assets as immutable, and a missing one as 404 (not index.html)', async () => {
    const asset = await fetch(`${t.baseUrl}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${t.baseUrl}/assets/app-old999.js`)).status).toBe(404);
  });

  it('answers unknown API calls with the 404 envelope even beside the file wildcard', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${t.baseUrl}/api/no/suchCall`, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ iCode: 1000, strErrorCode: 'NOT_FOUND' });
    }
  });

  it('sends browser security headers', async () => {
    const res = await fetch(`${t.baseUrl}/`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
