import type { RoleTypeCode } from '@pathconsult/shared';

/**
 * Side menus per role (spec §2, §6). Entries are paths of the route table (paths.ts), which gives
 * their titles; a group is a sub-menu keyed by its path prefix, titled `menu:group.<key>`.
 */
export type MenuEntry = string | { group: string; children: string[] };

const ADMIN_MENU: MenuEntry[] = [
  '/workplace',
  {
    group: 'manage',
    children: [
      '/manage/HospitalManagement',
      '/manage/usersManagement',
      '/userFeedback',
      '/manage/ExpertScheduling',
    ],
  },
  '/hospitalGroup',
  { group: 'admin', children: ['/admin/AdminList', '/medicalNum'] },
  { group: 'total', children: ['/total/ActiveData', '/total/ThoughTotal'] },
  { group: 'assignMent', children: ['/assignMent/unassigned', '/assignMent/completed'] },
  '/ReportOnline',
  '/CommonWordManage',
  '/slideInfo',
  '/removeSlideInfo',
  '/auditLogs',
];

const DOCTOR_MENU: MenuEntry[] = [
  '/workplace',
  '/dashboard',
  '/setnew',
  '/batchnew',
  '/waitdiagnosis',
  '/enddiagnosis',
  '/subscribeList',
  '/returncases',
  '/recall',
  '/collection',
  '/msglist',
  '/CasesShare',
  '/netmeeting',
  '/DiagnosticReport',
  '/sliceManage',
];

const EXPERT_MENU: MenuEntry[] = [
  '/workplace',
  '/dashboard',
  '/waitdiagnosis',
  '/enddiagnosis',
  '/subscribeList',
  '/returncases',
  '/collection',
  '/msglist',
  '/CasesShare',
  '/ExpertsReorts',
  '/admin/CommonWords',
  '/globalConfiguration/basic',
];

export function menuForRole(role: RoleTypeCode | null): MenuEntry[] {
  switch (role) {
    case 1:
    case 2:
      return ADMIN_MENU;
    case 3:
      return DOCTOR_MENU;
    case 4:
      return EXPERT_MENU;
    default:
      return ['/workplace'];
  }
}
