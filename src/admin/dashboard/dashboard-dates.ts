import { DAY_MS } from '../../common/time/durations';

/** YYYY-MM-DD of a UTC day. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Midnight UTC of the given instant's day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Midnight UTC of the Monday of the given instant's week. */
export function startOfUtcWeek(now: Date): Date {
  const day = startOfUtcDay(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** The last `count` UTC days ending with today's, oldest first. */
export function lastUtcDays(now: Date, count: number): string[] {
  const today = startOfUtcDay(now).getTime();
  return Array.from({ length: count }, (_, i) => utcDay(new Date(today - (count - 1 - i) * DAY_MS)));
}
