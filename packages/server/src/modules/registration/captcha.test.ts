import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  CAPTCHA_CHARS,
  CAPTCHA_LENGTH,
  randomCaptchaText,
  renderCaptchaPng,
} from './captcha-image';
import { normalizeCaptchaAnswer } from './captcha-service';

describe('captcha', () => {
  it('draws texts of unambiguous characters only', () => {
    const texts = Array.from({ length: 200 }, randomCaptchaText);
    for (const text of texts) {
      expect(text).toHaveLength(CAPTCHA_LENGTH);
      expect([...text].every((c) => CAPTCHA_CHARS.includes(c))).toBe(true);
    }
    expect(CAPTCHA_CHARS).not.toMatch(/[0O1IL2Z5S8B6G]/);
    // Random, not a fixed sequence.
    expect(new Set(texts).size).toBeGreaterThan(190);
  });

  it('compares answers without spaces or case', () => {
    expect(normalizeCaptchaAnswer(' k7 xh4 ')).toBe('K7XH4');
  });

  it('renders a PNG, different each time for the same text (noise)', async () => {
    const [a, b] = await Promise.all([renderCaptchaPng('K7XH4'), renderCaptchaPng('K7XH4')]);
    expect(a.subarray(1, 4).toString()).toBe('PNG');
    expect(a.equals(b)).toBe(false);
  });

  it('takes a fixed text from CAPTCHA_FIXED_TEXT only under NODE_ENV=test', () => {
    expect(() => loadConfig({ CAPTCHA_FIXED_TEXT: 'E2E7K' })).toThrow(/CAPTCHA_FIXED_TEXT/);
    expect(() => loadConfig({ CAPTCHA_FIXED_TEXT: 'E2E7K', NODE_ENV: 'production' })).toThrow(
      /NODE_ENV=test/,
    );
    expect(loadConfig({ CAPTCHA_FIXED_TEXT: 'E2E7K', NODE_ENV: 'test' }).captchaFixedText).toBe(
      'E2E7K',
    );
    expect(loadConfig({ CAPTCHA_FIXED_TEXT: '', NODE_ENV: 'production' }).captchaFixedText).toBe(
      undefined,
    );
    expect(() => loadConfig({ CAPTCHA_FIXED_TEXT: 'bad text!', NODE_ENV: 'test' })).toThrow(
      /CAPTCHA_FIXED_TEXT/,
    );
  });
});
