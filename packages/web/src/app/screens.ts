import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from '@/lib/lazy-screen';

/**
 * The routes that have a real screen, each loaded on demand so that the antd parts of one screen
 * (Table, DatePicker...) do not weigh on the first load. Every other route of the table shows its
 * title (LaterPage) until its issue adds a screen here.
 */
const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/login': lazyScreen(() => import('./routes/login-page')),
  '/workplace': lazyScreen(() => import('./routes/workplace-page')),
  '/auditLogs': lazyScreen(() => import('./routes/audit-logs-page')),
  '/manage/HospitalManagement': lazyScreen(() => import('./routes/hospitals-page')),
  '/hospitalGroup': lazyScreen(() => import('./routes/hospital-groups-page')),
  '/manage/usersManagement': lazyScreen(() => import('./routes/users-management-page')),
  '/admin/AdminList': lazyScreen(() => import('./routes/admin-list-page')),
  '/403': lazyScreen(() => import('./routes/forbidden-page')),
};

/*
 * The workspace frame (menu, dropdowns, dialogs) and the 404 page load on demand too, so that the
 * login page, the first screen most visits see, carries neither.
 */
export const WorkspaceLayout = lazyScreen(() =>
  import('./layout/workspace-layout').then((m) => ({ default: m.WorkspaceLayout })),
);
export const NotFoundPage = lazyScreen(() => import('./routes/not-found-page'));

export function screenFor(path: string): LazyExoticComponent<ComponentType> | undefined {
  return screens[path];
}
