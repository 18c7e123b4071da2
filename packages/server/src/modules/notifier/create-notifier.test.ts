import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { systemClock } from '../../lib/clock';
import { createNotifier } from './create-notifier';
import { maskSecrets, signedText } from './notifier';

describe('notifier choice', () => {
  const deps = { db: {} as Db, clock: systemClock };

  it('uses the outbox when no gateway is configured', () => {
    const sms = loadConfig({}).sms;
    expect(sms).toEqual({
      gatewayUrl: undefined,
      gatewayToken: undefined,
      signName: 'PathConsult',
      timeoutMs: 5000,
    });
    expect(createNotifier(sms, deps).kind).toBe('outbox');
  });

  it('uses the HTTP gateway of SMS_GATEWAY_URL', () => {
    const sms = loadConfig({
      SMS_GATEWAY_URL: 'https://sms.example.cn/api/send',
      SMS_GATEWAY_TOKEN: 't0ken',
      SMS_SIGN_NAME: '远程病理',
      SMS_GATEWAY_TIMEOUT_MS: '3000',
    }).sms;
    expect(sms).toEqual({
      gatewayUrl: 'https://sms.example.cn/api/send',
      gatewayToken: 't0ken',
      signName: '远程病理',
      timeoutMs: 3000,
    });
    expect(createNotifier(sms, deps).kind).toBe('gateway');
  });

  it('refuses a gateway address that is not http(s)', () => {
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://sms.example.cn' })).toThrow(
      /SMS_GATEWAY_URL/,
    );
  });
});

describe('message texts', () => {
  it('put the signature in front and mask every secret', () => {
    const text = signedText({ sign: '华东医院', text: '验证码 123456，请勿告诉他人 123456' });
    expect(text).toBe('【华东医院】验证码 123456，请勿告诉他人 123456');
    expect(maskSecrets(text, ['123456'])).toBe('【华东医院】验证码 ******，请勿告诉他人 ******');
    expect(maskSecrets(text, [''])).toBe(text);
  });
});
