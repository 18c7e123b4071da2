import { describe, expect, it } from 'vitest';
import { mayChange, maxScope, setGrantScope, toggleGrant } from './grants';

describe('privilege grants in the form', () => {
  it('ticks in the order of the permission tree and unticks', () => {
    let list = toggleGrant([], 'menu.auditLogs', true);
    list = toggleGrant(list, 'userManage', true);
    expect(list.map((g) => g.strCode)).toEqual(['userManage', 'menu.auditLogs']);
    expect(list[0]?.iPrivilegeType).toBe(1);
    list = setGrantScope(list, 'userManage', 2);
    expect(list[0]?.iPrivilegeType).toBe(2);
    expect(toggleGrant(list, 'userManage', false).map((g) => g.strCode)).toEqual([
      'menu.auditLogs',
    ]);
  });

  it('lets a granter change only what it holds, at most with its scope', () => {
    const holds = new Map([['userManage', 1 as const]]);
    expect(mayChange(holds, 'userManage', 0, 1)).toBe(true);
    expect(mayChange(holds, 'userManage', 1, 2)).toBe(false);
    expect(mayChange(holds, 'statistics', 0, 1)).toBe(false);
    // Unchanged privileges it does not hold stay as they are, which is allowed.
    expect(mayChange(holds, 'statistics', 2, 2)).toBe(true);
    expect(mayChange('all', 'statistics', 0, 2)).toBe(true);
    expect(maxScope(holds, 'userManage')).toBe(1);
    expect(maxScope('all', 'userManage')).toBe(2);
    expect(maxScope('all', 'hospitalGroup')).toBe(1);
    expect(maxScope(holds, 'clearSlide')).toBe(0);
  });
});
