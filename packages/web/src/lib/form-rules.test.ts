import type { FormInstance } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { hospitalAddSchema, userAddSchema, userFieldRules } from '@pathconsult/shared';

const lang = vi.hoisted(() => ({ value: 'en' as 'en' | 'zh' }));
vi.mock('./i18n', () => ({ currentLang: () => lang.value }));

const {
  followsPasswordPattern,
  passwordPatternRule,
  requiredRule,
  sameAsRule,
  whenValid,
  zodFieldError,
  zodRule,
} = await import('./form-rules');

type Validator = (rule: unknown, value: unknown) => Promise<void>;
/** Runs an antd rule object the way antd does and returns its message, or null when it passes. */
async function check(
  rule: unknown,
  value: unknown,
  getFieldValue = (_: string) => undefined as unknown,
) {
  const object = typeof rule === 'function' ? rule({ getFieldValue }) : rule;
  try {
    await (object as { validator: Validator }).validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule: the server schema as a form rule', () => {
  it('passes what the server accepts', async () => {
    expect(await check(zodRule(userFieldRules.strMobile), '13800138000')).toBeNull();
    expect(await check(zodRule(userFieldRules.strEmail), '')).toBeNull();
    expect(await check(zodRule(userFieldRules.strEmail), undefined)).toBeNull();
  });

  it('refuses with the text of the validation key, in the current language', async () => {
    expect(await check(zodRule(userFieldRules.strMobile), '2380013800')).toBe(
      'Invalid mobile number (11 digits starting with 1)',
    );
    lang.value = 'zh';
    expect(await check(zodRule(userFieldRules.strMobile), '')).toBe('该项不能为空');
    lang.value = 'en';
  });

  it('fills the limits of length messages', async () => {
    expect(await check(zodRule(userFieldRules.strRealName), 'x'.repeat(17))).toBe(
      'At most 16 characters',
    );
    expect(await check(zodRule(userFieldRules.strUserPassword), '12345')).toBe(
      'Password needs at least 6 characters',
    );
  });

  it('turns the control value into the request value before checking', async () => {
    const rule = zodRule(hospitalAddSchema.shape.dtValidUntil, (d: dayjs.Dayjs | null) =>
      d ? d.format('YYYY-MM-DD') : undefined,
    );
    expect(await check(rule, dayjs('2030-01-31'))).toBeNull();
    expect(await check(rule, null)).toBe('This field cannot be empty');
    const role = zodRule(userAddSchema.shape.ddRoleType, (iNumber: unknown) => ({ iNumber }));
    expect(await check(role, 3)).toBeNull();
  });

  it('reads a zod default message as "invalid format" rather than showing zod’s English', () => {
    expect(zodFieldError(userAddSchema.shape.ddRoleType, { iNumber: 9 })).toBe('Invalid format');
  });
});

describe('password rules', () => {
  it('applies the configured pattern only when there is one that compiles', () => {
    expect(followsPasswordPattern('abcdef', '')).toBe(true);
    expect(followsPasswordPattern('abcdef', undefined)).toBe(true);
    expect(followsPasswordPattern('abcdef', '[')).toBe(true);
    expect(followsPasswordPattern('abcdef', '\\d')).toBe(false);
    expect(followsPasswordPattern('abcde1', '\\d')).toBe(true);
  });

  it('leaves short passwords to the length rule', async () => {
    expect(await check(passwordPatternRule('\\d'), 'abc')).toBeNull();
    expect(await check(passwordPatternRule('\\d'), 'abcdefg')).toBe(
      'The password does not follow the configured password rule',
    );
  });

  it('wants the confirmation to equal the new password', async () => {
    const other = (field: string) => (field === 'strNewUserPassword' ? 'Secret#1' : undefined);
    expect(await check(sameAsRule('strNewUserPassword'), 'Secret#1', other)).toBeNull();
    expect(await check(sameAsRule('strNewUserPassword'), 'Secret#2', other)).toBe(
      'The two passwords do not match',
    );
  });
});

describe('requiredRule', () => {
  it('refuses nothing chosen', async () => {
    for (const empty of [undefined, null, '', []]) {
      expect(await check(requiredRule(), empty)).toBe('This field cannot be empty');
    }
    expect(await check(requiredRule(), 0)).toBeNull();
    expect(await check(requiredRule(), [1])).toBeNull();
  });
});

describe('whenValid', () => {
  const formWith = (answer: Promise<{ strReason: string }>) =>
    ({ validateFields: () => answer }) as unknown as FormInstance<{ strReason: string }>;

  it('hands over the values once the form passes its rules', async () => {
    const onValid = vi.fn();
    whenValid(formWith(Promise.resolve({ strReason: 'blurred scan' })), onValid);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onValid).toHaveBeenCalledWith({ strReason: 'blurred scan' });
  });

  it('leaves a form that fails its rules to show why, without an uncaught error', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const onValid = vi.fn();
      whenValid(formWith(Promise.reject({ errorFields: [{ name: ['strReason'] }] })), onValid);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(onValid).not.toHaveBeenCalled();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
