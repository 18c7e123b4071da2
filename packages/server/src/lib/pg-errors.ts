/**
 * PostgreSQL refusals that services turn into business messages. The database is the one place
 * where uniqueness and "in use" hold under concurrency, so services let it decide and translate
 * its answer instead of checking first and racing. Drizzle wraps driver errors: the code sits on
 * the error or on its cause.
 */
function pgCode(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return code;
    }
  }
  return undefined;
}

function constraintOf(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') {
      return name;
    }
  }
  return undefined;
}

/** A unique index refused the row; `constraint` names the index (e.g. `users_user_name_key`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return pgCode(error) === '23505' && (constraint == null || constraintOf(error) === constraint);
}

/** A foreign key refused the change: the row is still referenced ("in use"). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgCode(error) === '23503';
}
