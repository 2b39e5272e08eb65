/** Availability dates of the demo packs, relative to the day the catalogue is loaded. */

/** 'YYYY-MM-DD' of a date in the server's local calendar. */
export function calendarDate(d: Date): string {
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The same day `months` later (the month's last day when it is shorter, as 31 Jan + 1 month = 28/29 Feb). */
export function addMonths(d: Date, months: number): Date {
  const target = new Date(d.getFullYear(), d.getMonth() + months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(d.getDate(), lastDay));
  return target;
}

export function availability(
  today: Date,
  starts: 'today' | 'next-month',
  months: number,
): { available_from: string; available_to: string } {
  const from =
    starts === 'today'
      ? new Date(today.getFullYear(), today.getMonth(), today.getDate())
      : new Date(today.getFullYear(), today.getMonth() + 1, 1);
  return { available_from: calendarDate(from), available_to: calendarDate(addMonths(from, months)) };
}
