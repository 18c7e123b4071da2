import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler';

/** A server whose log lines are kept, with routes failing the two ways. */
async function serverWithLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(errorHandler);
  app.get('/gone', () => {
    throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
  });
  app.get('/broken', () => {
    throw new Error('a bug');
  });
  return { app, lines };
}

describe('error handler', () => {
  it('logs a request its client closed as information, and a fault as an error', async () => {
    const { app, lines } = await serverWithLog();
    const gone = await app.inject({ url: '/gone' });
    expect(gone.statusCode).toBe(400);
    const broken = await app.inject({ url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ strErrorCode: 'INTERNAL_ERROR' });
    const logged = lines.filter((l) => l.level >= 30 && /closed|unexpected/.test(l.msg));
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      [30, 'client closed the request'],
      [50, 'unexpected error'],
    ]);
    await app.close();
  });
});
