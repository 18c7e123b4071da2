import { describe, expect, it } from 'vitest';
import type { PatientListItem } from '@pathconsult/shared';
import { caseRowActions, listCreatesCases } from './case-actions';

const ME = 3;
function row(state: number, extra: Partial<PatientListItem> = {}): PatientListItem {
  return {
    iPatientId: 1,
    ddPatientState: { iNumber: state },
    strDiagnosistNum: 'N1',
    strPatientName: 'A',
    ddSex: null,
    strAge: '',
    ddClassification: null,
    ddDiagnosticType: { iNumber: 1 },
    ddEmergency: { iNumber: 0 },
    strSpecies: '',
    owner: { iUserId: ME, strRealName: 'Dr' },
    bCollected: false,
    dtCreateTime: '',
    dtUpdateTime: '',
    ...extra,
  };
}

describe('case row actions follow the state machine', () => {
  it.each([
    [0, ['detail', 'edit', 'submit', 'clone', 'collect', 'delete']],
    [1, ['detail', 'clone', 'collect', 'withdraw']],
    [2, ['detail', 'clone', 'collect']],
    [3, ['detail', 'edit', 'clone', 'collect', 'delete']],
    [4, ['detail', 'edit', 'clone', 'collect', 'delete']],
  ])('state %i offers %j to its owner', (state, actions) => {
    expect(caseRowActions(row(state), ME)).toEqual(actions);
  });

  it('a collected case offers to cancel the collection', () => {
    expect(caseRowActions(row(2, { bCollected: true }), ME)).toContain('uncollect');
    expect(caseRowActions(row(2, { bCollected: true }), ME)).not.toContain('collect');
  });

  it('another doctor’s case is only opened and collected', () => {
    expect(caseRowActions(row(0, { owner: { iUserId: 99, strRealName: 'X' } }), ME)).toEqual([
      'detail',
      'collect',
    ]);
  });

  it('an unknown state offers no change', () => {
    expect(caseRowActions(row(7), ME)).toEqual(['detail', 'clone', 'collect']);
  });

  it('only the new-cases list creates cases', () => {
    expect(listCreatesCases('new')).toBe(true);
    expect(listCreatesCases('collection')).toBe(false);
  });
});
