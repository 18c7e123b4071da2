import {
  ReceiveState,
  RoleType,
  type PatientListName,
  type ReceiveStateCode,
} from '@pathconsult/shared';
import { findRoute } from '@/config/paths';
import { CaseList } from '@/features/cases/components/case-list';
import { ReceivedList } from '@/features/receives/components/received-list';
import { useSession } from '@/lib/use-session';
import { LaterPage } from './later-page';

/**
 * The expert's side of the shared list routes: the receives in the matching state. The server
 * lists the receives waiting for review before release with the diagnosed ones
 * (receiveStatesListed), so /enddiagnosis shows them too.
 */
const EXPERT_LISTS: Partial<Record<PatientListName, ReceiveStateCode>> = {
  waiting: ReceiveState.Waiting,
  completed: ReceiveState.Diagnosed,
  returned: ReceiveState.Returned,
};

/**
 * A case list route. Doctors get their cases; experts the cases sent to them (the receives), and
 * on /collection the cases they saved. Anyone else keeps the title-only screen.
 */
export function CaseListScreen({ path, list }: { path: string; list: PatientListName }) {
  const { iRoleType } = useSession();
  const route = findRoute(path);
  if (iRoleType === RoleType.Doctor) {
    return <CaseList list={list} />;
  }
  if (iRoleType === RoleType.Expert) {
    const state = EXPERT_LISTS[list];
    if (state !== undefined) {
      return <ReceivedList key={state} state={state} />;
    }
    if (list === 'collection') {
      return <CaseList list={list} />;
    }
  }
  return route ? <LaterPage route={route} /> : null;
}
