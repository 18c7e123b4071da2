import { RoleType, type RoleTypeCode } from './constants';

/**
 * Administrator privileges (spec §6 "Administrator permissions", §3 "Permission tree labels").
 *
 * Platform administrators (role 1) hold every privilege for all hospitals. Hospital administrators
 * (role 2) hold what they were granted, directly (`userprivilege`) or through an administrator
 * role; a new hospital administrator starts with DEFAULT_HOSPITAL_ADMIN_PRIVILEGES. A scoped
 * privilege is held for the own hospital (iPrivilegeType 1) or for all hospitals (2).
 */
export const PrivilegeScope = { OwnHospital: 1, AllHospitals: 2 } as const;
export type PrivilegeScopeCode = (typeof PrivilegeScope)[keyof typeof PrivilegeScope];

export interface PrivilegeDef {
  code: string;
  /** Key of the label in the web app's `privileges` namespace (spec §3 labels). */
  labelKey: string;
  /** Whether it comes as "own hospital" or "all hospitals". */
  scoped: boolean;
  /** The parent node of the permission tree, if any. */
  parent?: string;
  /** Menu paths this privilege opens; their API calls are refused without it. */
  menus: readonly string[];
}

const def = <C extends string>(
  code: C,
  labelKey: string,
  menus: readonly string[],
  scoped = false,
  parent?: string,
): PrivilegeDef & { code: C } => ({ code, labelKey, menus, scoped, parent });

/** The permission tree. Nodes without menus of their own only group their children. */
export const PRIVILEGES = [
  def('permissionManage', 'permissionManage', ['/admin/roles', '/admin/privileges']),
  def(
    'userManage',
    'userManage',
    [
      '/manage/usersManagement',
      '/admin/AdminList',
      '/manage/ExpertScheduling',
      '/admin/registrations',
    ],
    true,
  ),
  def('medicalConsortia', 'medicalConsortia', ['/manage/HospitalManagement'], true),
  def('hospitalGroup', 'hospitalGroup', ['/hospitalGroup']),
  def('statistics', 'statistics', ['/total/ActiveData', '/total/ThoughTotal'], true),
  // Own hospital or all hospitals: which centers' cases, to which experts (docs/decisions.md).
  def('assignCases', 'assignCases', ['/assignMent/unassigned', '/assignMent/completed'], true),
  def('reportView', 'reportView', ['/ReportOnline', '/reportReview'], true),
  def('clearSlide', 'clearSlide', ['/slideInfo', '/removeSlideInfo'], true),
  def('commonWordsManage', 'commonWordsManage', ['/CommonWordManage']),
  def('menuPermission', 'menuPermission', []),
  def('menu.userFeedback', 'menuUserFeedback', ['/userFeedback'], false, 'menuPermission'),
  def('menu.medicalNum', 'menuMedicalNum', ['/medicalNum'], false, 'menuPermission'),
  def('menu.auditLogs', 'menuAuditLogs', ['/auditLogs'], false, 'menuPermission'),
] as const satisfies readonly PrivilegeDef[];

export type PrivilegeCode = (typeof PRIVILEGES)[number]['code'];

/** Codes that can be granted (grouping-only nodes are not). */
export const GRANTABLE_PRIVILEGES: readonly PrivilegeCode[] = PRIVILEGES.filter(
  (p) => p.code !== 'menuPermission',
).map((p) => p.code);

const byCode = new Map<string, PrivilegeDef>(PRIVILEGES.map((p) => [p.code, p]));

export function privilegeDef(code: string): PrivilegeDef | undefined {
  return byCode.get(code);
}

export function isPrivilegeCode(code: string): code is PrivilegeCode {
  return (GRANTABLE_PRIVILEGES as readonly string[]).includes(code);
}

/** The definition of the privilege a menu path needs, if any. */
export function privilegeDefForPath(path: string): (typeof PRIVILEGES)[number] | undefined {
  return PRIVILEGES.find((p) => (p.menus as readonly string[]).includes(path));
}

/** The privilege a menu path needs, if any (paths outside the tree need only their role). */
export function privilegeForPath(path: string): PrivilegeCode | undefined {
  return privilegeDefForPath(path)?.code;
}

export interface HeldPrivilege {
  code: PrivilegeCode;
  scope: PrivilegeScopeCode;
}

/**
 * What a hospital administrator starts with: its own hospital and users, their statistics and
 * reports, its pathology numbers and order dictionary, the feedback of its users and its audit trail (spec §6 "manage own hospital and its
 * users, view own statistics, view own reports").
 */
export const DEFAULT_HOSPITAL_ADMIN_PRIVILEGES: readonly HeldPrivilege[] = [
  { code: 'userManage', scope: 1 },
  { code: 'medicalConsortia', scope: 1 },
  { code: 'hospitalGroup', scope: 1 },
  { code: 'statistics', scope: 1 },
  { code: 'reportView', scope: 1 },
  { code: 'menu.userFeedback', scope: 1 },
  { code: 'menu.medicalNum', scope: 1 },
  { code: 'menu.auditLogs', scope: 1 },
];

/** Whether a role gets its privileges from grants (hospital administrators) or holds them all. */
export function privilegesAreGranted(role: RoleTypeCode): boolean {
  return role === RoleType.HospitalAdmin;
}
