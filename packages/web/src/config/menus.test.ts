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
        const decision = decideAccess(route!, {
          loggedIn: true,
          role,
          config: { forget: false },
          privileges: 'all',
        });
        expect(decision, `${role} ${path}`).toBe('allow');
      }
    }
  });

  it('gives administrators the audit logs', () => {
    expect(menuForRole(1)).toContain('/auditLogs');
    expect(menuForRole(3)).not.toContain('/auditLogs');
  });

  it('hides the entries of privileges a hospital administrator does not hold', () => {
    const menu = menuForRole(2, new Set(['userManage', 'menu.auditLogs']));
    const paths = menu.flatMap((e) => (typeof e === 'string' ? [e] : e.children));
    expect(paths).toContain('/manage/usersManagement');
    expect(paths).toContain('/admin/AdminList');
    expect(paths).toContain('/auditLogs');
    expect(paths).not.toContain('/manage/HospitalManagement');
    expect(paths).not.toContain('/hospitalGroup');
    expect(paths).not.toContain('/admin/roles');
    expect(paths).not.toContain('/globalConfiguration/basic');
    // A group whose entries are all hidden disappears.
    expect(menu.some((e) => typeof e !== 'string' && e.group === 'total')).toBe(false);
    expect(menuForRole(1)).toContain('/globalConfiguration/basic');
  });

  it('gives the report review to administrators holding "report view"', () => {
    expect(menuForRole(1)).toContain('/reportReview');
    expect(menuForRole(2, new Set(['reportView']))).toContain('/reportReview');
    expect(menuForRole(2, new Set(['userManage']))).not.toContain('/reportReview');
    expect(menuForRole(4)).not.toContain('/reportReview');
    const route = findRoute('/reportReview')!;
    const ctx = { loggedIn: true, role: 2, config: { forget: false } } as const;
    expect(decideAccess(route, { ...ctx, privileges: new Set(['reportView']) })).toBe('allow');
    expect(decideAccess(route, { ...ctx, privileges: new Set(['userManage']) })).not.toBe('allow');
  });
});
