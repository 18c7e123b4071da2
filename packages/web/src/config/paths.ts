import type { RoleTypeCode } from '@pathconsult/shared';

/**
 * The route table of spec §2: every path of the app, its title (key in the `menu` namespace) and
 * who may open it. The router, the guard, the side menus and the tab bar all read this one list,
 * so a route is changed here and nowhere else. Which component renders a route is decided in
 * src/app/screens.tsx; a route without a real screen yet shows its title only.
 */

/** Where a route is shown: in the workspace (side menu, header, tab bar) or on a page of its own. */
export type RouteLayout = 'workspace' | 'page';

export interface RouteDef {
  /** Absolute hash path, e.g. `/manage/HospitalManagement`. */
  path: string;
  /** Key of the title in the `menu` namespace. Tab rules (tabs.ts) match on some of these keys. */
  titleKey: string;
  /** `public`: no login needed; `user`: a logged-in session is needed. */
  access: 'public' | 'user';
  /** Roles allowed (spec §6); absent means any logged-in role (for `user`) or anyone (`public`). */
  authority?: readonly RoleTypeCode[];
  layout: RouteLayout;
  /** A route that only forwards to another one, e.g. `/case` → `/case/report-info`. */
  redirect?: string;
  /** Shown only when this switch of the global configuration is on, otherwise 404 (spec §2). */
  requiresConfig?: 'forget';
  /**
   * On a phone (PHONE_QUERY) this screen sends the user to that page of its own instead, and opens
   * no tab: a tab for it in the workspace stood for a screen a phone never shows.
   */
  phonePage?: string;
}

/**
 * Phones: the workspace's menu, tabs and side panel leave no room for a slide. Held sideways too
 * (a touch screen under 500 px high): the workspace's viewer left 75 px of slide there.
 */
export const PHONE_QUERY = '(max-width: 575px), (max-height: 500px) and (pointer: coarse)';

/** Platform and hospital administrators (spec §6 role codes 1 and 2). */
export const ADMIN_ROLES = [1, 2] as const satisfies readonly RoleTypeCode[];
const ADMIN = ADMIN_ROLES;
const DOCTOR = [3] as const;
const EXPERT = [4] as const;
const DOCTOR_EXPERT = [3, 4] as const;
const ALL = [1, 2, 3, 4] as const;

function ws(path: string, titleKey: string, authority?: readonly RoleTypeCode[]): RouteDef {
  return { path, titleKey, access: 'user', authority, layout: 'workspace' };
}
function pub(path: string, titleKey: string): RouteDef {
  return { path, titleKey, access: 'public', layout: 'page' };
}
function redirect(path: string, to: string, authority?: readonly RoleTypeCode[]): RouteDef {
  return { path, titleKey: '', access: 'user', authority, layout: 'workspace', redirect: to };
}

export const HOME_PATH = '/workplace';
export const LOGIN_PATH = '/login';
export const FORBIDDEN_PATH = '/403';
export const AUDIT_LOGS_PATH = '/auditLogs';
export const SHOW_SLIDE_PATH = '/ShowSlide';
export const MOBILE_SHOW_SLIDE_PATH = '/mobileShowSilde';

export const routes: readonly RouteDef[] = [
  // Home: always allowed once logged in (spec §2 "Route guard").
  ws(HOME_PATH, 'workplace'),

  // Doctor routes
  ws('/setnew', 'createCases', DOCTOR),
  ws('/setnew/newlybuild', 'newCases', DOCTOR),
  ws('/batchnew', 'batchCases', DOCTOR),
  ws('/recall', 'recall', DOCTOR),
  ws('/netmeeting', 'netmeeting', DOCTOR),
  ws('/DiagnosticReport', 'myReportDoctor', DOCTOR),
  ws('/sliceManage', 'sliceManage', DOCTOR),

  // Doctor and expert routes
  ws('/waitdiagnosis', 'waitdiagnosis', DOCTOR_EXPERT),
  ws('/enddiagnosis', 'enddiagnosis', DOCTOR_EXPERT),
  ws('/subscribeList', 'subscribeList', DOCTOR_EXPERT),
  ws('/returncases', 'returncases', DOCTOR_EXPERT),
  ws('/collection', 'collection', DOCTOR_EXPERT),
  ws('/msglist', 'msglist', DOCTOR_EXPERT),
  ws('/CasesShare', 'CasesShare', DOCTOR_EXPERT),
  ws('/dashboard', 'dashboard', DOCTOR_EXPERT),

  /*
   * Case detail. Administrators may read the report and the slide files (they hold "report view"
   * and slide privileges, spec §6); filling in the diagnosis is for doctors and experts only, and
   * so is the message list, which is the conversation between the two sides.
   */
  redirect('/case', '/case/report-info', ALL),
  ws('/case/report-info', 'diagnosticReport', ALL),
  ws('/case/Imagery-info', 'sliceFiles', ALL),
  ws('/case/result-info', 'fillDiagnosis', DOCTOR_EXPERT),
  ws('/case/comments-info', 'messageList', DOCTOR_EXPERT),

  // Expert routes
  ws('/ExpertsReorts', 'myReportExpert', EXPERT),
  ws('/admin/CommonWords', 'CommonWords', EXPERT),

  // Administrator routes
  redirect('/manage', '/manage/HospitalManagement', ADMIN),
  ws('/manage/HospitalManagement', 'HospitalManagement', ADMIN),
  ws('/manage/usersManagement', 'usersManagement', ADMIN),
  ws('/userFeedback', 'userFeedback', ADMIN),
  ws('/manage/ExpertScheduling', 'ExpertScheduling', ADMIN),
  redirect('/admin', '/admin/AdminList', ADMIN),
  ws('/admin/AdminList', 'AdminList', ADMIN),
  ws('/medicalNum', 'medicalNum', ADMIN),
  // Role and permission management, registration review, SMS outbox, upgrade notices (paths not
  // shown in the spec; docs/decisions.md).
  ws('/admin/roles', 'adminRoles', ADMIN),
  ws('/admin/privileges', 'adminPrivileges', ADMIN),
  ws('/admin/registrations', 'registrations', ADMIN),
  // The SMS outbox holds the verification codes of every hospital's users: platform administrators.
  ws('/admin/outbox', 'outbox', [1]),
  ws('/admin/upgradeNotice', 'upgradeNotice', ADMIN),
  redirect('/total', '/total/ActiveData', ADMIN),
  ws('/total/ActiveData', 'ActiveData', ADMIN),
  ws('/total/ThoughTotal', 'ThoughTotal', ADMIN),
  ws('/ReportOnline', 'ReportOnline', ADMIN),
  // Review of signed reports before release (spec §4 "Review"), for "report view" holders.
  ws('/reportReview', 'reportReview', ADMIN),
  ws('/hospitalGroup', 'hospitalGroup', ADMIN),
  redirect('/assignMent', '/assignMent/unassigned', ADMIN),
  ws('/assignMent/unassigned', 'unassigned', ADMIN),
  ws('/assignMent/completed', 'completed', ADMIN),
  ws('/CommonWordManage', 'CommonWordManage', ADMIN),
  ws('/slideInfo', 'slideInfo', ADMIN),
  ws('/removeSlideInfo', 'removeSlideInfo', ADMIN),
  ws(AUDIT_LOGS_PATH, 'auditLogs', ADMIN),

  // Shared: the slide viewer, and on a phone its phone version (whoever may open the one may
  // open the other: administrators opening a slide on a phone met a 403).
  { ...ws(SHOW_SLIDE_PATH, 'ShowSlide', ALL), phonePage: MOBILE_SHOW_SLIDE_PATH },
  {
    path: MOBILE_SHOW_SLIDE_PATH,
    titleKey: 'mobileShowSlide',
    access: 'user',
    authority: ALL,
    layout: 'page',
  },

  /*
   * Global configuration: the spec requires authority 4 for its basic page; platform administrators,
   * who own the settings, open it too (docs/decisions.md).
   */
  redirect('/globalConfiguration', '/globalConfiguration/basic', [1, 4]),
  ws('/globalConfiguration/basic', 'globalConfigurationBasic', [1, 4]),

  /*
   * Mobile screens: the phone version of the doctor/expert case lists, so the same roles. They
   * have no side menu or tab bar (nor has the phone viewer, above).
   */
  ...(
    [
      ['/mobile-index', 'mobileIndex'],
      ['/pending', 'mobilePending'],
      ['/diagnosed', 'mobileDiagnosed'],
      ['/return-cases', 'mobileReturnCases'],
      ['/collection-cases', 'mobileCollection'],
      ['/message', 'mobileMessage'],
      ['/diagnostic', 'mobileDiagnostic'],
    ] as const
  ).map(([path, titleKey]): RouteDef => ({
    path,
    titleKey,
    access: 'user',
    authority: DOCTOR_EXPERT,
    layout: 'page',
  })),

  // Step form of a case (case info, slides, result, messages): the case-detail roles.
  redirect('/form/step-form', '/form/step-form/info', DOCTOR_EXPERT),
  ws('/form/step-form/info', 'stepInfo', DOCTOR_EXPERT),
  ws('/form/step-form/piece', 'stepPiece', DOCTOR_EXPERT),
  ws('/form/step-form/result', 'stepResult', DOCTOR_EXPERT),
  ws('/form/step-form/message', 'stepMessage', DOCTOR_EXPERT),

  // Public routes
  pub(LOGIN_PATH, 'login'),
  pub('/register', 'register'),
  pub('/download', 'download'),
  { ...pub('/forget', 'forget'), requiresConfig: 'forget' },
  pub('/doctorsHelp', 'doctorsHelp'),
  pub('/ExpertHelp', 'ExpertHelp'),
  pub('/authorization', 'authorization'),
  pub('/Share', 'Share'),
  pub('/MeetingVisit', 'MeetingVisit'),
  pub('/AppPrivacy', 'AppPrivacy'),
  pub('/setting', 'setting'),
  pub(FORBIDDEN_PATH, 'forbidden'),
];

const byPath = new Map(routes.map((route) => [route.path.toLowerCase(), route]));

/**
 * The route of a pathname. Matching ignores case, as the router does by default, so that
 * `/auditlogs` finds `/auditLogs`.
 */
export function findRoute(pathname: string): RouteDef | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(trimmed.toLowerCase());
}
