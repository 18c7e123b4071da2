import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayNotifier, type GatewaySettings } from './gateway-notifier';
import type { OutboxRecorder } from './notifier';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * A stand-in SMS gateway on a local port: records what it receives and answers as the test says
 * (status and delay), so that the adapter speaks real HTTP.
 */
describe('HTTP SMS gateway adapter', () => {
  let server: http.Server;
  let url: string;
  let received: Received[] = [];
  let reply = { status: 200, body: '{"ok":true}', delayMs: 0 };
  let recorded: Parameters<OutboxRecorder>[0][] = [];
  const record: OutboxRecorder = async (entry) => {
    recorded.push(entry);
    return recorded.length;
  };
  const settings = (over: Partial<GatewaySettings> = {}): GatewaySettings => ({
    url,
    token: 'gateway-secret',
    timeoutMs: 2000,
    ...over,
  });
  const message = {
    mobile: '13800000001',
    text: '您的验证码 042917，5 分钟内有效。',
    sign: '华东医院',
    secrets: ['042917'],
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: raw ? (JSON.parse(raw) as unknown) : null,
        });
        setTimeout(() => {
          res.writeHead(reply.status, { 'content-type': 'application/json' });
          res.end(reply.body);
        }, reply.delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received = [];
    recorded = [];
    reply = { status: 200, body: '{"ok":true}', delayMs: 0 };
  });

  it('posts {mobile, text, sign} as JSON with the bearer token and records a masked "sent"', async () => {
    const delivery = await gatewayNotifier(settings(), record).sendSms(message);
    expect(delivery).toEqual({ status: 'sent', messageId: 1, error: undefined });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/sms/send',
      body: { mobile: message.mobile, text: message.text, sign: '华东医院' },
    });
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(received[0]?.headers.authorization).toBe('Bearer gateway-secret');
    // The phone has the code; the delivery record must not.
    expect(recorded).toEqual([
      {
        recipient: message.mobile,
        body: '【华东医院】您的验证码 ******，5 分钟内有效。',
        status: 'sent',
        error: null,
      },
    ]);
  });

  it('sends no Authorization header without a token', async () => {
    await gatewayNotifier(settings({ token: undefined }), record).sendSms(message);
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it('takes a non-2xx answer as a failure, with the status and the gateway’s words', async () => {
    reply = { status: 503, body: 'quota exceeded', delayMs: 0 };
    const delivery = await gatewayNotifier(settings(), record).sendSms(message);
    expect(delivery.status).toBe('failed');
    expect(delivery.error).toBe('HTTP 503: quota exceeded');
    expect(recorded[0]).toMatchObject({ status: 'failed', error: 'HTTP 503: quota exceeded' });
    expect(recorded[0]?.body).not.toContain('042917');
  });

  it('gives up after the timeout', async () => {
    reply = { status: 200, body: '{}', delayMs: 1500 };
    const started = Date.now();
    const delivery = await gatewayNotifier(settings({ timeoutMs: 200 }), record).sendSms(message);
    expect(Date.now() - started).toBeLessThan(1200);
    expect(delivery).toMatchObject({ status: 'failed', error: 'no answer within 200 ms' });
    expect(recorded[0]?.status).toBe('failed');
  });

  it('records an unreachable gateway as failed instead of throwing', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const delivery = await gatewayNotifier(
      settings({ url: `http://127.0.0.1:${port}/` }),
      record,
    ).sendSms(message);
    expect(delivery.status).toBe('failed');
    expect(delivery.error).toMatch(/^not reachable: ECONNREFUSED/);
  });
});
