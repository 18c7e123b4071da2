import { describe, expect, it } from 'vitest';
import {
  isPasswordAcceptable,
  isValidIdNumber,
  isValidUserName,
  MOBILE_PATTERN,
} from './validation';
import { pageSizeForScreen, parseLang } from './constants';
import { loginRequestSchema } from './schemas/auth';
import { translate } from './messages';

describe('shared validation rules (spec §5)', () => {
  it('accept user names of at least 2 Chinese or 4 English characters', () => {
    expect(isValidUserName('张三')).toBe(true);
    expect(isValidUserName('张')).toBe(false);
    expect(isValidUserName('abcd')).toBe(true);
    expect(isValidUserName('abc')).toBe(false);
    expect(isValidUserName('  ab ')).toBe(false);
  });

  it('accept mobile numbers of 11 digits starting with 1', () => {
    expect(MOBILE_PATTERN.test('13800138000')).toBe(true);
    expect(MOBILE_PATTERN.test('23800138000')).toBe(false);
    expect(MOBILE_PATTERN.test('1380013800')).toBe(false);
  });

  it('check the 18-digit ID number including its check character', () => {
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('110105194912310021')).toBe(false);
    expect(isValidIdNumber('11010519491331002X')).toBe(false);
  });

  it('require 6 characters and the configured pattern for passwords', () => {
    expect(isPasswordAcceptable('12345')).toBe(false);
    expect(isPasswordAcceptable('123456')).toBe(true);
    expect(isPasswordAcceptable('123456', '^(?=.*[A-Z])')).toBe(false);
    expect(isPasswordAcceptable('A23456', '^(?=.*[A-Z])')).toBe(true);
  });

  it('size pages by device pixels (spec §9)', () => {
    expect(pageSizeForScreen(1366)).toBe(10);
    expect(pageSizeForScreen(1920)).toBe(10);
    expect(pageSizeForScreen(2560)).toBe(15);
    expect(pageSizeForScreen(3840)).toBe(20);
  });

  it('read languages leniently and default to Chinese', () => {
    expect(parseLang('en-US')).toBe('en');
    expect(parseLang('zh-CN')).toBe('zh');
    expect(parseLang(undefined)).toBe('zh');
  });

  it('give each empty login field its own message key, translated in both languages', () => {
    const r = loginRequestSchema.safeParse({ strUserName: ' ', strUserPassword: '' });
    expect(r.success).toBe(false);
    const keys = r.error?.issues.map((i) => i.message);
    expect(keys).toEqual(['validation.userNameRequired', 'validation.passwordRequired']);
    expect(translate('validation.tooLong', 'en', { max: 16 })).toBe('At most 16 characters');
    expect(translate('LOGIN_LOCKED', 'zh', { minutes: 3 })).toContain('3 分钟');
  });
});
