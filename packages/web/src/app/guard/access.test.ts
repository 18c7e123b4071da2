import { describe, expect, it } from 'vitest';
import { findRoute, routes, type RouteDef } from '../../config/paths';
import { decideAccess, missingPrivilegeLabel, type AccessContext } from './access';

function route(path: string): RouteDef {
  const found = findRoute(path);
  if (!found) {
    throw new Error(`no route ${path}`);
  }
  return found;
}
const as = (role: 1 | 2 | 3 | 4 | null): AccessContext => ({
  loggedIn: role !== null,
  role,
  config: { forget: false },
  privileges: 'all',
});

describe('decideAccess', () => {
  it('refuses administrator screens whose privilege the session lacks (menu permissions)', () => {
    const held = new Set(['userManage']);
    const ctx: AccessContext = { ...as(2), privileges: held };
    expect(decideAccess(route('/manage/usersManagement'), ctx)).toBe('allow');
    expect(decideAccess(route('/auditLogs'), ctx)).toBe('forbidden');
    expect(decideAccess(route('/hospitalGroup'), ctx)).toBe('forbidden');
    expect(decideAccess(route('/admin/roles'), ctx)).toBe('forbidden');
    // Screens outside the permission tree need only the role.
    expect(decideAccess(route('/workplace'), ctx)).toBe('allow');
    // While the privileges load, a privileged screen waits instead of bouncing to /403.
    expect(decideAccess(route('/auditLogs'), { ...as(2), privileges: undefined })).toBe('wait');
    expect(decideAccess(route('/ShowSlide'), { ...as(2), privileges: undefined })).toBe('allow');
  });

  it('names the privilege a refused administrator lacks, not to a role no privilege would let in', () => {
    const ctx: AccessContext = { ...as(2), privileges: new Set(['userManage']) };
    expect(decideAccess(route('/slideInfo'), ctx)).toBe('forbidden');
    expect(missingPrivilegeLabel(route('/slideInfo'), ctx)).toBe('clearSlide');
    expect(missingPrivilegeLabel(route('/auditLogs'), ctx)).toBe('menuAuditLogs');
    // A doctor is refused an administrator's screen for the role.
    expect(decideAccess(route('/slideInfo'), as(3))).toBe('forbidden');
    expect(missingPrivilegeLabel(route('/slideInfo'), as(3))).toBeNull();
  });

  it('sends visitors without a session to the login page', () => {
    expect(decideAccess(route('/auditLogs'), as(null))).toBe('login');
    expect(decideAccess(route('/workplace'), as(null))).toBe('login');
  });

  it('lets every logged-in role open /workplace', () => {
    for (const role of [1, 2, 3, 4] as const) {
      expect(decideAccess(route('/workplace'), as(role))).toBe('allow');
    }
  });

  it('checks the authority list against the session role', () => {
    expect(decideAccess(route('/auditLogs'), as(1))).toBe('allow');
    expect(decideAccess(route('/auditLogs'), as(2))).toBe('allow');
    expect(decideAccess(route('/auditLogs'), as(3))).toBe('forbidden');
    expect(decideAccess(route('/setnew'), as(3))).toBe('allow');
    expect(decideAccess(route('/setnew'), as(4))).toBe('forbidden');
    expect(decideAccess(route('/ExpertsReorts'), as(4))).toBe('allow');
    expect(decideAccess(route('/waitdiagnosis'), as(1))).toBe('forbidden');
    expect(decideAccess(route('/ShowSlide'), as(2))).toBe('allow');
    expect(decideAccess(route('/case/result-info'), as(1))).toBe('forbidden');
    expect(decideAccess(route('/globalConfiguration/basic'), as(4))).toBe('allow');
    // Platform administrators own the settings (docs/decisions.md); hospital administrators do not.
    expect(decideAccess(route('/globalConfiguration/basic'), as(1))).toBe('allow');
    expect(decideAccess(route('/globalConfiguration/basic'), as(2))).toBe('forbidden');
  });

  it('treats a logged-in session without a known role as not allowed', () => {
    const ctx: AccessContext = { loggedIn: true, role: null, config: { forget: true } };
    expect(decideAccess(route('/auditLogs'), ctx)).toBe('forbidden');
  });

  it('lets anyone open public routes', () => {
    for (const path of ['/login', '/download', '/Share', '/403', '/register', '/setting']) {
      expect(decideAccess(route(path), as(null))).toBe('allow');
    }
  });

  it('hides /forget unless the forget switch is on', () => {
    expect(decideAccess(route('/forget'), as(null))).toBe('notFound');
    expect(decideAccess(route('/forget'), { ...as(null), config: { forget: true } })).toBe('allow');
    expect(decideAccess(route('/forget'), { ...as(null), config: undefined })).toBe('wait');
  });
});

describe('route table', () => {
  it('declares each path once', () => {
    const paths = routes.map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('declares every route of spec §2', () => {
    // prettier-ignore
    const expected = [
      '/workplace', '/setnew', '/setnew/newlybuild', '/batchnew', '/recall', '/netmeeting',
      '/DiagnosticReport', '/sliceManage', '/waitdiagnosis', '/enddiagnosis', '/subscribeList',
      '/returncases', '/collection', '/msglist', '/CasesShare', '/dashboard', '/case',
      '/case/report-info', '/case/Imagery-info', '/case/result-info', '/case/comments-info',
      '/ExpertsReorts', '/admin/CommonWords', '/manage', '/manage/HospitalManagement',
      '/manage/usersManagement', '/userFeedback', '/manage/ExpertScheduling', '/admin',
      '/admin/AdminList', '/medicalNum', '/total', '/total/ActiveData', '/total/ThoughTotal',
      '/ReportOnline', '/hospitalGroup', '/assignMent', '/assignMent/unassigned',
      '/assignMent/completed', '/CommonWordManage', '/slideInfo', '/removeSlideInfo',
      '/auditLogs', '/ShowSlide', '/login', '/download', '/forget', '/doctorsHelp',
      '/ExpertHelp', '/authorization', '/Share', '/MeetingVisit', '/AppPrivacy', '/setting',
      '/globalConfiguration', '/globalConfiguration/basic', '/403', '/mobile-index', '/pending',
      '/diagnosed', '/return-cases', '/mobileShowSilde', '/collection-cases', '/message',
      '/diagnostic', '/form/step-form', '/form/step-form/info', '/form/step-form/piece',
      '/form/step-form/result', '/form/step-form/message',
    ];
    for (const path of expected) {
      expect(findRoute(path)?.path, path).toBe(path);
    }
  });

  it('redirects /case to the report tab', () => {
    expect(route('/case').redirect).toBe('/case/report-info');
  });

  it('gives every shown route a title key', () => {
    for (const r of routes) {
      if (!r.redirect) {
        expect(r.titleKey, r.path).not.toBe('');
      }
    }
  });
});
