import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { reasonText } from './reason-text';

const t = ((key: string, values: { detail: string }) =>
  `${key}(${values.detail})`) as unknown as TFunction<'upload'>;

describe('an upload item’s reason', () => {
  it('is shown in the language of the moment, not the one it was received in', () => {
    const reason = {
      text: '切片大小超出本院剩余存储容量（剩余 2 GB）',
      message: { code: 'SLIDE_EXCEEDS_CAPACITY', params: { free: '2 GB' }, messageParams: {} },
    };
    expect(reasonText(reason, t, 'en')).toBe(
      'The slide exceeds your hospital’s remaining storage (2 GB left)',
    );
    expect(reasonText(reason, t, 'zh')).toBe(reason.text);
  });

  it('translates values that are messages themselves', () => {
    const reason = {
      text: '上传失败：…',
      message: {
        code: 'SLIDE_UPLOAD_FAILED',
        params: { name: 'a.svs', type: 'SVS', reason: '' },
        messageParams: { reason: 'SLIDE_CONTENT_MISMATCH' },
      },
    };
    expect(reasonText(reason, t, 'en')).toMatch(/^Upload failed: .*a\.svs.*SVS/);
  });

  it('keeps the text as received when its parts are not codes this app knows', () => {
    const unknown = {
      text: 'as sent',
      message: { code: 'NO_SUCH', params: {}, messageParams: {} },
    };
    expect(reasonText(unknown, t, 'en')).toBe('as sent');
    const nested = {
      text: 'as sent',
      message: { code: 'SLIDE_UPLOAD_FAILED', params: {}, messageParams: { reason: 'toString' } },
    };
    expect(reasonText(nested, t, 'en')).toBe('as sent');
    // Values missing (a server that sent none): not "{free}".
    const bare = {
      text: 'as sent',
      message: { code: 'SLIDE_EXCEEDS_CAPACITY', params: {}, messageParams: {} },
    };
    expect(reasonText(bare, t, 'en')).toBe('as sent');
    expect(reasonText({ text: 'plain' }, t, 'en')).toBe('plain');
    expect(reasonText({ key: 'network', detail: 'x' }, t, 'en')).toBe('reason.network(x)');
  });
});
