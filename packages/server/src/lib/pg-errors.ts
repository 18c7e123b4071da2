/*
 * PostgreSQL refusals that services turn into business messages. The database is the one place
 * where uniqueness and "in use" hold under concurrency, so services let it decide and translate
 * its answer instead of checking first and racing. Drizzle wraps driver errors: the code sits on
 * the error or on its cause.
 */

/** The first value of `field` on the error or its causes (at most four deep) that `accept` takes. */
function fromErrorChain(
  error: unknown,
  field: 'code' | 'constraint',
  accept: (value: string) => boolean,
): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const value = (e as Record<string, unknown>)[field];
    if (typeof value === 'string' && accept(value)) {
      return value;
    }
  }
  return undefined;
}

/** The SQLSTATE (five digits or capitals; other libraries' error codes are passed over). */
const pgCode = (error: unknown) => fromErrorChain(error, 'code', (c) => /^[0-9A-Z]{5}$/.test(c));

const constraintOf = (error: unknown) => fromErrorChain(error, 'constraint', () => true);

/** A unique index refused the row; `constraint` names the index (e.g. `users_user_name_key`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return pgCode(error) === '23505' && (constraint == null || constraintOf(error) === constraint);
}

/** A foreign key refused the change: the row is still referenced ("in use"). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgCode(error) === '23503';
}
