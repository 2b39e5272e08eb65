import { lastUtcDays, startOfUtcDay, startOfUtcWeek } from './dashboard-dates';

describe('dashboard dates', () => {
  it('starts the week on Monday, in UTC', () => {
    // Sunday 23:30 UTC still belongs to the week that began six days earlier.
    expect(startOfUtcWeek(new Date('2026-11-29T23:30:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfUtcWeek(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfUtcDay(new Date('2026-11-23T18:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('lists the last days oldest first, across a month end', () => {
    expect(lastUtcDays(new Date('2026-03-02T10:00:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
