/** Cuts a text for a table cell: the first `max` characters and an ellipsis. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export const usd = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === ''
    ? ''
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(value));

/** '2026-11-23T08:00:00.000Z' -> 'Nov 23, 2026, 08:00' in the browser's time zone. */
export const dateTime = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';
