import { describe, expect, it } from 'vitest';
import { workingTimeText } from './working-time';

const labels = {
  weekday: (d: number) => ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][d]!,
  morning: 'AM',
  afternoon: 'PM',
  joiner: ', ',
};

describe('workingTimeText', () => {
  it('groups half-days by weekday in week order', () => {
    expect(
      workingTimeText(
        [
          { iWeekday: 2, iPeriod: 2 },
          { iWeekday: 1, iPeriod: 1 },
          { iWeekday: 2, iPeriod: 1 },
        ],
        labels,
      ),
    ).toBe('Mon AM, Tue AM+PM');
  });

  it('is empty without a schedule', () => {
    expect(workingTimeText([], labels)).toBe('');
  });
});
