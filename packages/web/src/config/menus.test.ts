import { describe, expect, it } from 'vitest';
import { decideAccess } from '../app/guard/access';
import { menuForRole } from './menus';
import { findRoute } from './paths';

describe('menuForRole', () => {
  it('lists only declared routes the role may open', () => {
    for (const role of [1, 2, 3, 4] as const) {
      const paths = menuForRole(role).flatMap((e) => (typeof e === 'string' ? [e] : e.children));
      for (const path of paths) {
        const route = findRoute(path);
        expect(route?.path, path).toBe(path);
        const decision = decideAccess(route!, { loggedIn: true, role, config: { forget: false } });
        expect(decision, `${role} ${path}`).toBe('allow');
      }
    }
  });

  it('gives administrators the audit logs', () => {
    expect(menuForRole(1)).toContain('/auditLogs');
    expect(menuForRole(3)).not.toContain('/auditLogs');
  });
});
