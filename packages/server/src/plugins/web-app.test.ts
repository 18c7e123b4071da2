import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from './web-app';

/** A built app as the web build leaves it: text files with .br and .gz copies beside them. */
function builtApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathconsult-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, text: string, compressed: boolean) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    if (compressed) {
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    }
  };
  write('index.html', `<!doctype html><title>PathConsult</title>${' '.repeat(2000)}`, true);
  write('version.json', '{"version":"1"}\n', false);
  write('assets/viewer-abc123.js', `export const viewer = 1;${'//'.repeat(2000)}`, true);
  write('assets/tiny-abc123.js', 'export {};', false);
  return dir;
}

describe('web app files', () => {
  let dir: string;
  const app = Fastify();

  beforeAll(async () => {
    dir = builtApp();
    await app.register(webApp, { webDist: dir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a script compressed to a browser that accepts Brotli or gzip, plain to one that does not', async () => {
    const source = fs.readFileSync(path.join(dir, 'assets/viewer-abc123.js'));
    const br = await app.inject({
      url: '/assets/viewer-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(source)).toBe(true);

    const gz = await app.inject({
      url: '/assets/viewer-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(source)).toBe(true);

    const plain = await app.inject({ url: '/assets/viewer-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(source)).toBe(true);
  });

  it('a file without compressed copies is sent as it is', async () => {
    const res = await app.inject({
      url: '/assets/tiny-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};');
  });

  it('the page itself is never cached, compressed or not, so a new release reaches browsers', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control'], encoding).toBe('no-store');
    }
    const version = await app.inject({ url: '/version.json' });
    expect(version.headers['cache-control']).toBe('no-store');
  });
});
