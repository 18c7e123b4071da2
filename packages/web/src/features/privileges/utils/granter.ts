import type { UserPrivilegeList } from '@pathconsult/shared';
import type { GranterHolds, Scope } from './grants';

/** What the session may hand on, from its own privilege list. */
export function granterHoldsOf(own: UserPrivilegeList | undefined): GranterHolds {
  if (!own || own.bAllPrivileges) {
    return own ? 'all' : new Map();
  }
  return new Map(own.listEffective.map((g) => [g.strCode, g.iPrivilegeType as Scope]));
}
