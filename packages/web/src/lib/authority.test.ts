import { describe, expect, it } from 'vitest';
import { hasRole } from './authority';

describe('hasRole', () => {
  it('allows the roles listed', () => {
    expect(hasRole(1, [1, 2])).toBe(true);
    expect(hasRole(2, [1, 2])).toBe(true);
    expect(hasRole(4, [4])).toBe(true);
  });

  it('refuses roles not listed', () => {
    expect(hasRole(3, [1, 2])).toBe(false);
    expect(hasRole(4, [1, 2])).toBe(false);
  });

  it('refuses a session without a role, and everybody for an empty list', () => {
    expect(hasRole(null, [1, 2, 3, 4])).toBe(false);
    expect(hasRole(1, [])).toBe(false);
  });
});
