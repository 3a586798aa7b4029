import { describe, expect, it } from 'vitest';
import { isDateValue, resolveDateValue } from './dates';

const NOW = new Date(2024, 5, 15, 12, 30).getTime(); // Saturday 15 June 2024, local
const local = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();

describe('date filter values', () => {
  it.each([
    ['20240310', local(2024, 3, 10)],
    ['202403', local(2024, 3, 1)],
    ['2024', local(2024, 1, 1)],
    ['day-1', local(2024, 6, 14)],
    ['day-0', local(2024, 6, 15)],
    ['day+2', local(2024, 6, 17)],
    ['week-1', local(2024, 6, 2)],
    ['month-2', local(2024, 4, 1)],
    ['year-1', local(2023, 1, 1)],
    ['DAY-1', local(2024, 6, 14)]
  ])('resolves %s to the start of its period', (value, expected) => {
    expect(resolveDateValue(value, NOW)).toBe(expected);
  });

  it.each(['2024-01', '20241', '202413', 'day', 'day-', 'fortnight-1', 'yesterday', ''])(
    'rejects %j',
    (value) => {
      expect(isDateValue(value)).toBe(false);
      expect(resolveDateValue(value, NOW)).toBeUndefined();
    }
  );
});
