import {
  caseActionAllowed,
  isCaseStateCode,
  type PatientListItem,
  type PatientListName,
} from '@pathconsult/shared';

/** The actions a case row may show, in the order they appear. */
export type CaseRowAction =
  'detail' | 'edit' | 'submit' | 'clone' | 'collect' | 'uncollect' | 'withdraw' | 'delete';

/**
 * The row actions of a case for the signed-in doctor, read from the state machine
 * (packages/shared/src/case-states.ts) so that the list never offers what the server would refuse
 * with "selected case status changed". Edit, delete, withdraw and clone are for its owner only
 * (spec §5: non-owned cases cannot be operated on; the server refuses them with "non-personal
 * case"); opening and saving to the collection are for anyone who may read it.
 */
export function caseRowActions(row: PatientListItem, userId: number | null): CaseRowAction[] {
  const state = row.ddPatientState.iNumber;
  const known = isCaseStateCode(state);
  const own = userId !== null && row.owner.iUserId === userId;
  const actions: CaseRowAction[] = ['detail'];
  if (own && known && caseActionAllowed(state, 'edit')) {
    actions.push('edit');
  }
  // Sending needs slides too: the server says so (CASE_NO_SLIDES) when the case has none.
  if (own && known && caseActionAllowed(state, 'submit')) {
    actions.push('submit');
  }
  if (own) {
    actions.push('clone');
  }
  actions.push(row.bCollected ? 'uncollect' : 'collect');
  if (own && known && caseActionAllowed(state, 'withdraw')) {
    actions.push('withdraw');
  }
  if (own && known && caseActionAllowed(state, 'delete')) {
    actions.push('delete');
  }
  return actions;
}

/** Only the new-cases list has the button that opens an empty case form. */
export function listCreatesCases(list: PatientListName): boolean {
  return list === 'new';
}
