import { privilegeForPath } from '@pathconsult/shared';

/**
 * The privileges of the session in the browser: 'all' for platform administrators, the granted
 * codes for hospital administrators, none for other roles. The server refuses the calls anyway;
 * this only keeps menus and screens to what will work.
 */
export type HeldSet = 'all' | ReadonlySet<string>;

export const NOTHING_HELD: HeldSet = new Set();

/** Whether a path of the route table is open with these privileges (paths outside the tree are). */
export function pathOpenWith(path: string, held: HeldSet): boolean {
  const needed = privilegeForPath(path);
  return !needed || held === 'all' || held.has(needed);
}

export function holdsPrivilege(held: HeldSet | undefined, code: string): boolean {
  return held === 'all' || (held?.has(code) ?? false);
}
