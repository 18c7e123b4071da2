import { describe, expect, it } from 'vitest';
import type { SlideDocumentDto } from '@pathconsult/shared';
import { refreshedSelection } from './slide-selection';

const slide = (iSlideDocumentId: number, matched: boolean) =>
  ({ iSlideDocumentId, ddMatchState: { iNumber: matched ? 1 : 0 } }) as SlideDocumentDto;

describe('refreshedSelection', () => {
  it('judges selected slides on screen by their latest row, the others by their ticked one', () => {
    const ticked = [slide(1, false), slide(2, false)];
    const fresh = refreshedSelection(ticked, [slide(1, true), slide(3, false)]);
    expect(fresh.map((s) => [s.iSlideDocumentId, s.ddMatchState.iNumber])).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });
});
