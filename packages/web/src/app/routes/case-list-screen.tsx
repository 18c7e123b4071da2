import type { PatientListName } from '@pathconsult/shared';
import { findRoute } from '@/config/paths';
import { CaseList } from '@/features/cases/components/case-list';
import { useSession } from '@/lib/use-session';
import { LaterPage } from './later-page';

/**
 * A case list route. Doctors get their list; the experts' lists of the shared routes
 * (/waitdiagnosis, /enddiagnosis, /returncases, /collection) are the received cases of issue 7,
 * so until then experts keep the title-only screen.
 */
export function CaseListScreen({ path, list }: { path: string; list: PatientListName }) {
  const { iRoleType } = useSession();
  const route = findRoute(path);
  if (iRoleType !== 3 && route) {
    return <LaterPage route={route} />;
  }
  return <CaseList list={list} />;
}
