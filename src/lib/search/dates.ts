/**
 * Date values of `created:`, `updated:` and `due:`, read as Joplin reads them, in local time:
 * `YYYYMMDD`, `YYYYMM`, `YYYY` are the start of that day, month or year; `day-N`, `week-N`,
 * `month-N`, `year-N` (and `+N`) are the start of the current period moved N periods (weeks start
 * on Sunday). The filter keeps notes on or after that instant; negated, strictly before it.
 */

const ABSOLUTE_RE = /^(\d{4})(\d{2})?(\d{2})?$/;
const RELATIVE_RE = /^(day|week|month|year)([+-])(\d+)$/i;

/** Whether a date filter value has one of the accepted forms. */
export function isDateValue(value: string): boolean {
  const absolute = ABSOLUTE_RE.exec(value);
  if (absolute) return validAbsolute(absolute);
  return RELATIVE_RE.test(value);
}

function validAbsolute(match: RegExpExecArray): boolean {
  const month = match[2] ? Number(match[2]) : 1;
  const day = match[3] ? Number(match[3]) : 1;
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

function startOfPeriod(now: number, unit: string): Date {
  const date = new Date(now);
  date.setHours(0, 0, 0, 0);
  if (unit === 'week') date.setDate(date.getDate() - date.getDay());
  if (unit === 'month' || unit === 'year') date.setDate(1);
  if (unit === 'year') date.setMonth(0);
  return date;
}

function shift(date: Date, unit: string, n: number): number {
  if (unit === 'day') date.setDate(date.getDate() + n);
  else if (unit === 'week') date.setDate(date.getDate() + 7 * n);
  else if (unit === 'month') date.setMonth(date.getMonth() + n);
  else date.setFullYear(date.getFullYear() + n);
  return date.getTime();
}

/** The instant (ms) a date filter value stands for, or undefined when the value is malformed. */
export function resolveDateValue(value: string, now: number): number | undefined {
  if (!isDateValue(value)) return undefined;
  const absolute = ABSOLUTE_RE.exec(value);
  if (absolute) {
    const [, year, month, day] = absolute;
    return new Date(Number(year), month ? Number(month) - 1 : 0, day ? Number(day) : 1).getTime();
  }
  const [, unit, sign, count] = RELATIVE_RE.exec(value) as RegExpExecArray;
  const n = Number(count) * (sign === '-' ? -1 : 1);
  return shift(startOfPeriod(now, unit.toLowerCase()), unit.toLowerCase(), n);
}
