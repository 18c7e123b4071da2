import { describe, expect, it } from 'vitest';
import { keysOfSlots, toggleKey, weekChanged, weekToSave } from './week-grid';

const slot = (iWeekday: number, iPeriod: number, strNote: string | null = null) => ({
  iWorkingTimeId: iWeekday * 10 + iPeriod,
  iWeekday,
  iPeriod,
  strNote,
});

describe('week grid', () => {
  it('turns a stored week into checked cells, in order', () => {
    expect(keysOfSlots([slot(5, 1), slot(1, 2), slot(1, 1)])).toEqual(['1-1', '1-2', '5-1']);
  });

  it('toggles one cell', () => {
    expect(toggleKey(['1-1'], '2-2', true)).toEqual(['1-1', '2-2']);
    expect(toggleKey(['1-1', '2-2'], '1-1', false)).toEqual(['2-2']);
    expect(toggleKey(['1-1'], '1-1', true)).toEqual(['1-1']);
  });

  it('saves the checked cells in order, keeping the notes of those that stay', () => {
    const previous = [slot(1, 1, '线上'), slot(3, 2, '急诊')];
    expect(weekToSave(['7-1', '1-1', '2-2'], previous)).toEqual([
      { iWeekday: 1, iPeriod: 1, strNote: '线上' },
      { iWeekday: 2, iPeriod: 2 },
      { iWeekday: 7, iPeriod: 1 },
    ]);
    expect(weekToSave([], previous)).toEqual([]);
  });

  it('tells whether the week changed', () => {
    const previous = [slot(1, 1), slot(3, 2)];
    expect(weekChanged(['3-2', '1-1'], previous)).toBe(false);
    expect(weekChanged(['1-1'], previous)).toBe(true);
    expect(weekChanged(['1-1', '3-2', '4-1'], previous)).toBe(true);
  });
});
