import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from '@/lib/lazy-screen';

/**
 * The routes that have a real screen, each loaded on demand so that the antd parts of one screen
 * (Table, DatePicker...) do not weigh on the first load. Every other route of the table shows its
 * title (LaterPage) until its issue adds a screen here.
 */
const screens: Record<string, LazyExoticComponent<ComponentType> & { preload: () => void }> = {
  '/login': lazyScreen(() => import('./routes/login-page')),
  '/workplace': lazyScreen(() => import('./routes/workplace-page')),
  '/auditLogs': lazyScreen(() => import('./routes/audit-logs-page')),
  '/manage/HospitalManagement': lazyScreen(() => import('./routes/hospitals-page')),
  '/hospitalGroup': lazyScreen(() => import('./routes/hospital-groups-page')),
  '/manage/usersManagement': lazyScreen(() => import('./routes/users-management-page')),
  '/admin/AdminList': lazyScreen(() => import('./routes/admin-list-page')),
  '/manage/ExpertScheduling': lazyScreen(() => import('./routes/expert-scheduling-page')),
  '/admin/roles': lazyScreen(() => import('./routes/admin-roles-page')),
  '/admin/privileges': lazyScreen(() => import('./routes/admin-privileges-page')),
  '/forget': lazyScreen(() => import('./routes/forget-page')),
  '/admin/outbox': lazyScreen(() => import('./routes/outbox-page')),
  '/userFeedback': lazyScreen(() => import('./routes/user-feedback-page')),
  '/admin/upgradeNotice': lazyScreen(() => import('./routes/upgrade-notice-page')),
  '/globalConfiguration/basic': lazyScreen(() => import('./routes/global-configuration-page')),
  '/register': lazyScreen(() => import('./routes/register-page')),
  '/admin/registrations': lazyScreen(() => import('./routes/registrations-page')),
  '/medicalNum': lazyScreen(() => import('./routes/medical-num-page')),
  '/ReportOnline': lazyScreen(() => import('./routes/report-online-page')),
  '/reportReview': lazyScreen(() => import('./routes/report-review-page')),
  '/setnew': lazyScreen(() => import('./routes/new-cases-page')),
  '/setnew/newlybuild': lazyScreen(() => import('./routes/case-form-page')),
  '/batchnew': lazyScreen(() => import('./routes/batch-cases-page')),
  '/waitdiagnosis': lazyScreen(() => import('./routes/waiting-cases-page')),
  '/enddiagnosis': lazyScreen(() => import('./routes/completed-cases-page')),
  '/returncases': lazyScreen(() => import('./routes/returned-cases-page')),
  '/recall': lazyScreen(() => import('./routes/withdrawn-cases-page')),
  '/collection': lazyScreen(() => import('./routes/collection-page')),
  '/msglist': lazyScreen(() => import('./routes/msglist-page')),
  '/case/report-info': lazyScreen(() => import('./routes/case-report-page')),
  '/case/Imagery-info': lazyScreen(() => import('./routes/case-imagery-page')),
  '/case/result-info': lazyScreen(() => import('./routes/case-result-page')),
  '/case/comments-info': lazyScreen(() => import('./routes/case-comments-page')),
  '/sliceManage': lazyScreen(() => import('./routes/slice-manage-page')),
  '/slideInfo': lazyScreen(() => import('./routes/slide-info-page')),
  '/removeSlideInfo': lazyScreen(() => import('./routes/removed-slides-page')),
  '/ShowSlide': lazyScreen(() => import('./routes/show-slide-page')),
  '/mobileShowSilde': lazyScreen(() => import('./routes/mobile-show-slide-page')),
  '/admin/CommonWords': lazyScreen(() => import('./routes/common-words-page')),
  '/CommonWordManage': lazyScreen(() => import('./routes/common-word-manage-page')),
  '/assignMent/unassigned': lazyScreen(() => import('./routes/assignment-unassigned-page')),
  '/assignMent/completed': lazyScreen(() => import('./routes/assignment-completed-page')),
  '/ExpertsReorts': lazyScreen(() => import('./routes/expert-reports-page')),
  '/DiagnosticReport': lazyScreen(() => import('./routes/doctor-reports-page')),
  '/subscribeList': lazyScreen(() => import('./routes/subscribe-list-page')),
  '/total/ThoughTotal': lazyScreen(() => import('./routes/slide-statistics-page')),
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

/**
 * Loads a screen's script in the background, when the browser is idle: a list of slides does it
 * for the viewer, whose script (OpenSeadragon and the tools, 450 kB) then no longer delays the
 * click that opens a slide.
 */
export function preloadScreen(path: string): () => void {
  const screen = screens[path];
  if (!screen) {
    return () => undefined;
  }
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => screen.preload(), { timeout: 3_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(() => screen.preload(), 1_000);
  return () => window.clearTimeout(timer);
}
