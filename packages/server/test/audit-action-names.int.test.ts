import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActionOf, auditsCall } from '../src/plugins/audit-trail';
import { SWEEP_AUDIT_ACTION } from '../src/modules/slide-upload/cleanup';
import { startTestApp, type TestApp } from './helpers/test-app';
import { pglite } from './helpers/databases';

/** The languages of the audit log screen; each names the calls in its `audit.json` `actions`. */
const LOCALES = ['zh-CN', 'en'] as const;

function actionNames(locale: string): Record<string, unknown> {
  const file = new URL(`../../web/src/locales/${locale}/audit.json`, import.meta.url);
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { actions?: Record<string, unknown> };
  return json.actions ?? {};
}

/**
 * The audit log screen shows each record's action by its name in the user's language (the raw
 * call when it has none), and finds actions by name in its filter: every action the trail can
 * record must have one, in every language.
 */
describe('every audited call has a readable name in the audit log screen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite);
  });
  afterAll(() => t.close());

  /**
   * Every action the trail can record: the routes the trail audits (by its own rule, over the real
   * route table), the routes that write their own record under their name ('self': login, refused
   * upload chunks) and the abandoned-upload sweep.
   */
  const recordedActions = () =>
    [
      ...new Set([
        ...t.app.routeCatalog
          .filter(
            (r) =>
              auditsCall(r.method, r.url, r.policy) ||
              (r.url.startsWith('/api/') && r.policy?.audit === 'self'),
          )
          .map((r) => auditActionOf(r.url)),
        SWEEP_AUDIT_ACTION,
      ]),
    ].sort();

  it('finds the audited calls in the route table', () => {
    const actions = recordedActions();
    expect(actions).toEqual(
      expect.arrayContaining([
        'user/login',
        'user/logout',
        'configinfo/update',
        'patient/addPatient',
        // A GET marked as a patient-data read.
        'patient/getPatientInfo',
      ]),
    );
    // Reads that are not patient data leave no record.
    expect(actions).not.toContain('configinfo/get');
    expect(actions).not.toContain('log/GetAuditLogs');
  });

  it.each(LOCALES)('names every recorded action in %s', (locale) => {
    const names = actionNames(locale);
    const unnamed = recordedActions().filter((action) => {
      const name = names[action];
      return typeof name !== 'string' || name.trim() === '';
    });
    expect(unnamed, `actions without a name in locales/${locale}/audit.json`).toEqual([]);
  });

  it('names the same actions in every language, and only actions the server records', () => {
    const [first = [], ...others] = LOCALES.map((locale) =>
      Object.keys(actionNames(locale)).sort(),
    );
    for (const keys of others) {
      expect(keys).toEqual(first);
    }
    const recorded = new Set(recordedActions());
    expect(first.filter((action) => !recorded.has(action))).toEqual([]);
  });

  it.each(LOCALES)(
    'gives each action its own name in %s (a name typed finds one call)',
    (locale) => {
      const byName = new Map<string, string[]>();
      for (const [action, name] of Object.entries(actionNames(locale))) {
        const key = String(name).trim().toLowerCase();
        byName.set(key, [...(byName.get(key) ?? []), action]);
      }
      const shared = [...byName.values()].filter((actions) => actions.length > 1);
      expect(shared).toEqual([]);
    },
  );
});
