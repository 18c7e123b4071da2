import type { FormInstance, FormRule } from 'antd';
import { isMessageKey, PASSWORD_MIN_LENGTH } from '@pathconsult/shared';
import { serverText } from './server-text';

/** The part of a zod schema the rule needs (keeps the web package free of a direct zod import). */
export interface FieldSchema {
  safeParse(value: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: { message: string; maximum?: unknown; minimum?: unknown }[] };
      };
}

/**
 * The first problem a field schema finds in a value, as a text in the current language, or null
 * when the value passes. The schemas' messages are `validation.*` keys of @pathconsult/shared;
 * `{max}` and `{min}` are filled from the issue. A zod default message (a schema part without a
 * key of ours) reads as "invalid format", as the server says it.
 */
export function zodFieldError(schema: FieldSchema, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) {
    return null;
  }
  const issue = result.error.issues[0];
  if (!issue) {
    return null;
  }
  return serverText(isMessageKey(issue.message) ? issue.message : 'validation.invalid', {
    max: String(issue.maximum ?? ''),
    min: String(issue.minimum ?? ''),
  });
}

/**
 * An antd form rule that checks a field with the same zod schema the server uses, so that both
 * refuse the same input with the same text. `toWire` turns what the form control holds into what
 * the request will carry (a Dayjs into `YYYY-MM-DD`, a role code into `{ iNumber }`), because the
 * schema describes the request, not the control.
 *
 * @example <Form.Item name="strMobile" rules={[zodRule(userFieldRules.strMobile)]}>
 */
export function zodRule<T = unknown>(
  schema: FieldSchema,
  toWire?: (value: T) => unknown,
): FormRule {
  return {
    validator: async (_rule, value: T) => {
      const text = zodFieldError(schema, toWire ? toWire(value) : value);
      if (text !== null) {
        throw new Error(text);
      }
    },
  };
}

/**
 * A value must be chosen (selects, radio groups): for controls whose schema is an object such as
 * `{ iNumber }`, where zod's own message for a missing value would be a generic one.
 */
export function requiredRule(): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const empty =
        value === undefined ||
        value === null ||
        value === '' ||
        (Array.isArray(value) && !value.length);
      if (empty) {
        throw new Error(serverText('validation.required'));
      }
    },
  };
}

/**
 * Whether a password follows the configured pattern (`pwdRules` of the global configuration).
 * No pattern, or one that does not compile, accepts everything: the server applies the same
 * leniency (shared `isPasswordAcceptable`), so the form never refuses what the server would take.
 */
export function followsPasswordPattern(password: string, pattern: string | undefined): boolean {
  if (!pattern || password.length < PASSWORD_MIN_LENGTH) {
    return true; // the length rule speaks first
  }
  try {
    return new RegExp(pattern).test(password);
  } catch {
    return true;
  }
}

/** The configured password pattern as a form rule (spec §5: new passwords must match it). */
export function passwordPatternRule(pattern: string | undefined): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value === 'string' && !followsPasswordPattern(value, pattern)) {
        throw new Error(serverText('validation.passwordPattern'));
      }
    },
  };
}

/** A confirmation field that must equal another field (password confirmation). */
export function sameAsRule(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(field)) {
        throw new Error(serverText('validation.passwordMismatch'));
      }
    },
  });
}

/**
 * Runs `onValid` with the form's values once they pass its rules. Otherwise the form already
 * shows what is wrong under its fields, and antd's rejection is the expected answer, not an
 * error: left unhandled it reached the page as an uncaught error.
 */
export function whenValid<Values>(
  form: FormInstance<Values>,
  onValid: (values: Values) => unknown,
): void {
  form.validateFields().then(onValid, () => undefined);
}
