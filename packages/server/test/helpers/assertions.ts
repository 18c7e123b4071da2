import { expect } from 'vitest';
import { translate, type FieldError, type MessageKey } from '@pathconsult/shared';
import type { Answer } from './http';

/*
 * The answers every module gives the same way (lib/envelope, lib/app-error), checked the same
 * way in every integration test. The body is the message of a failed status check: it says why.
 */

/** A success (200, iCode 0); its data, for further checks. */
export function expectOk<T>(a: Answer<T>): T {
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  expect(a.body.iCode).toBe(0);
  return a.body.objData;
}

/** A business refusal: 200 with iCode 1000 and the error code. */
export function expectRefused(a: Answer, code: string) {
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  expect(a.body).toMatchObject({ iCode: 1000, strErrorCode: code });
}

/** A missing record, or one outside the caller's scope (answered exactly alike). */
export function expectNotFound(a: Answer) {
  expect(a.status, JSON.stringify(a.body)).toBe(404);
  expect(a.body.strErrorCode).toBe('NOT_FOUND');
}

/** A call the caller's role or privileges do not allow. */
export function expectForbidden(a: Answer) {
  expect(a.status, JSON.stringify(a.body)).toBe(403);
  expect(a.body.strErrorCode).toBe('FORBIDDEN');
}

/** A 400 whose field errors name exactly `field`, with the text of `key` in English. */
export function expectFieldError(
  a: Answer,
  field: string,
  key: MessageKey,
  params: Record<string, number> = {},
) {
  expect(a.status, JSON.stringify(a.body)).toBe(400);
  expect(a.body.strErrorCode).toBe('VALIDATION_FAILED');
  const errors = a.body.objData as FieldError[];
  // Only this field; an empty value may also fail its format rule after "required".
  expect(new Set(errors.map((e) => e.strField))).toEqual(new Set([field]));
  expect(errors[0]?.strMessage).toBe(translate(key, 'en', params));
}
