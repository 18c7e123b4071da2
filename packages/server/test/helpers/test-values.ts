/** Values that many integration test files need the same way. */

/** An id no row has (ids stay far below it in a test database). */
export const MISSING_ID = 2_000_000_000;

/** The shape of every paged list answer (`objData` of the select routes). */
export type Page<T> = { listPage: T[]; iTotalCount: number };

let seq = 0;
/**
 * A name no other call gives out: letters of the prefix, a counter and a time suffix joined by
 * underscores, so that it is also a valid user name (≤ 32 characters for a short prefix).
 */
export const unique = (prefix: string) => `${prefix}_${++seq}_${Date.now() % 100000}`;

/** A mobile number (11 digits) no other call gives out. */
export const uniqueMobile = () => `151${String(++seq).padStart(8, '0')}`;
