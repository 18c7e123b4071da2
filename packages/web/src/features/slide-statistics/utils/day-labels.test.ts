import { describe, expect, it } from 'vitest';
import { dayLabelShown, mostDayLabels } from './day-labels';

const shown = (count: number) =>
  Array.from({ length: count }, (_, i) => i).filter((i) => dayLabelShown(i, count, 10));

describe('the day labels under the uploads chart', () => {
  it('writes every day while they fit', () => {
    expect(shown(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(shown(10)).toHaveLength(10);
  });

  it('always writes the last day of a long period, the others evenly spaced back from it', () => {
    expect(shown(31)).toEqual([2, 6, 10, 14, 18, 22, 26, 30]);
    expect(shown(30)).toContain(29);
    expect(shown(11)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(shown(365).length).toBeLessThanOrEqual(10);
    expect(shown(365)).toContain(364);
  });

  it('fits as many as the chart is wide, two at least', () => {
    // A laptop's chart (about 1080 px) writes a month's days every other day; a phone's, 5.
    expect(mostDayLabels(1080, 56)).toBe(21);
    expect(mostDayLabels(300, 56)).toBe(5);
    expect(mostDayLabels(0, 56)).toBe(2);
  });
});
