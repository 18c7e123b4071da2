import type { RoleTypeCode } from '@pathconsult/shared';
import { findRoute } from '@/config/paths';

/** The four screens of a case (spec §2 "Case detail under /case"), in the order of its tabs. */
export const CASE_DETAIL_TABS = [
  '/case/report-info',
  '/case/Imagery-info',
  '/case/result-info',
  '/case/comments-info',
] as const;
export type CaseDetailPath = (typeof CASE_DETAIL_TABS)[number];

/** The tabs a role may open, by the route table's authorities (result and messages: doctor, expert). */
export function detailTabsFor(role: RoleTypeCode | null): CaseDetailPath[] {
  return CASE_DETAIL_TABS.filter((path) => {
    const authority = findRoute(path)?.authority;
    return authority === undefined || (role !== null && authority.includes(role));
  });
}

/** The full path of a case screen: the case travels in the query (tabs.ts keys tabs by path). */
export function caseDetailHref(path: CaseDetailPath, iPatientId: number): string {
  return `${path}?iPatientId=${iPatientId}`;
}

/** A positive integer id from the query, or null. */
export function patientIdOf(value: string | null): number | null {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}
