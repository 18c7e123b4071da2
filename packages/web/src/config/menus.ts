import type { RoleTypeCode } from '@pathconsult/shared';
import { pathOpenWith, type HeldSet } from '../lib/held-privileges';
import { findRoute } from './paths';

/** A route's own role list still applies inside a menu group (the SMS outbox is the platform's). */
const roleMayOpen = (path: string, role: RoleTypeCode) =>
  findRoute(path)?.authority?.includes(role) ?? true;

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
  {
    group: 'admin',
    children: [
      '/admin/AdminList',
      '/admin/registrations',
      '/admin/roles',
      '/admin/privileges',
      '/medicalNum',
      '/admin/outbox',
      '/admin/upgradeNotice',
    ],
  },
  { group: 'total', children: ['/total/ActiveData', '/total/ThoughTotal'] },
  { group: 'assignMent', children: ['/assignMent/unassigned', '/assignMent/completed'] },
  '/ReportOnline',
  '/reportReview',
  '/CommonWordManage',
  '/slideInfo',
  '/removeSlideInfo',
  '/auditLogs',
  '/globalConfiguration/basic',
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

/**
 * The role's menu, without the administrator entries whose privilege the session lacks (spec §6
 * menu permissions), without the routes the role may not open, and without groups left empty.
 */
export function menuForRole(role: RoleTypeCode | null, held: HeldSet = 'all'): MenuEntry[] {
  switch (role) {
    case 1:
    case 2:
      return ADMIN_MENU.flatMap((entry): MenuEntry[] => {
        const open = (path: string) => pathOpenWith(path, held) && roleMayOpen(path, role);
        if (typeof entry === 'string') {
          return open(entry) ? [entry] : [];
        }
        const children = entry.children.filter(open);
        return children.length > 0 ? [{ ...entry, children }] : [];
      });
    case 3:
      return DOCTOR_MENU;
    case 4:
      return EXPERT_MENU;
    default:
      return ['/workplace'];
  }
}
