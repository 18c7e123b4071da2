import { RoleType } from '@pathconsult/shared';
import type { ApiClient } from './http';
import { ADMIN_PASSWORD } from './test-app';

/**
 * The accounts every test app starts with (bootstrap/superadmin and bootstrap/demo-data): the
 * superadmin, and one hospital administrator, doctor and expert of the demo group.
 */
export const DEMO_ACCOUNTS = {
  admin: { userName: 'admin', password: ADMIN_PASSWORD, role: RoleType.PlatformAdmin },
  hadmin: { userName: 'demo_hadmin', password: 'Hadmin@2026', role: RoleType.HospitalAdmin },
  doctor: { userName: 'demo_doctor', password: 'Doctor@2026', role: RoleType.Doctor },
  expert: { userName: 'demo_expert', password: 'Expert@2026', role: RoleType.Expert },
} as const;

export type DemoTokens = Record<keyof typeof DEMO_ACCOUNTS, string>;

/** The demo tokens before logInDemoAccounts: empty, so a call made with one goes without a token. */
export const NOT_LOGGED_IN: DemoTokens = { admin: '', hadmin: '', doctor: '', expert: '' };

/** Logs every demo account in at once; their tokens by the same names. */
export async function logInDemoAccounts(api: ApiClient): Promise<DemoTokens> {
  const logIn = (a: { userName: string; password: string }) => api.login(a.userName, a.password);
  const [admin, hadmin, doctor, expert] = await Promise.all([
    logIn(DEMO_ACCOUNTS.admin),
    logIn(DEMO_ACCOUNTS.hadmin),
    logIn(DEMO_ACCOUNTS.doctor),
    logIn(DEMO_ACCOUNTS.expert),
  ]);
  return { admin, hadmin, doctor, expert };
}

/** The demo accounts as callers of a role each, roles 1 to 4 in order (tenancy matrices). */
export const demoCallers = (tokens: DemoTokens) =>
  (Object.keys(DEMO_ACCOUNTS) as (keyof DemoTokens)[]).map((name) => ({
    role: DEMO_ACCOUNTS[name].role as number,
    token: tokens[name],
  }));
