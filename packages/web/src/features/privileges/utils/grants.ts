import {
  GRANTABLE_PRIVILEGES,
  privilegeDef,
  type PrivilegeCode,
  type PrivilegeGrant,
} from '@pathconsult/shared';

/** 1 own hospital, 2 all hospitals. */
export type Scope = 1 | 2;

/** The scope a granter holds a privilege with: 'all' holders have everything for all hospitals. */
export type GranterHolds = 'all' | ReadonlyMap<string, Scope>;

export function grantOf(list: readonly PrivilegeGrant[], code: string): PrivilegeGrant | undefined {
  return list.find((g) => g.strCode === code);
}

/** Ticks or unticks a privilege, keeping the tree's order so that saved lists read the same. */
export function toggleGrant(
  list: readonly PrivilegeGrant[],
  code: PrivilegeCode,
  checked: boolean,
): PrivilegeGrant[] {
  const others = list.filter((g) => g.strCode !== code);
  const next = checked ? [...others, { strCode: code, iPrivilegeType: 1 as Scope }] : others;
  return sortByTree(next);
}

export function setGrantScope(
  list: readonly PrivilegeGrant[],
  code: string,
  scope: Scope,
): PrivilegeGrant[] {
  return list.map((g) => (g.strCode === code ? { ...g, iPrivilegeType: scope } : g));
}

export function sortByTree(list: readonly PrivilegeGrant[]): PrivilegeGrant[] {
  const order = (code: string) => GRANTABLE_PRIVILEGES.indexOf(code as PrivilegeCode);
  return [...list].sort((a, b) => order(a.strCode) - order(b.strCode));
}

/**
 * Whether the granter may change a privilege from `was` to `will` (0 = not held): the server's
 * rule (a hospital administrator hands on only what it holds, at most with its scope), applied
 * in the form so that such boxes are disabled rather than refused on save.
 */
export function mayChange(holds: GranterHolds, code: string, was: number, will: number): boolean {
  if (holds === 'all' || was === will) {
    return true;
  }
  return Math.max(was, will) <= (holds.get(code) ?? 0);
}

/** The scope a granter can give at most for a privilege (0 when it cannot give it). */
export function maxScope(holds: GranterHolds, code: string): 0 | Scope {
  if (holds === 'all') {
    return privilegeDef(code)?.scoped ? 2 : 1;
  }
  return holds.get(code) ?? 0;
}
