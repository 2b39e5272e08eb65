import { useLocaleState } from 'react-admin';

/**
 * The Intl locale of a back-office language: the browser's own region when it speaks that
 * language (es-MX writes 'USD 1,299.00', es-ES '1299,00 US$'), otherwise es-ES or en-US.
 */
export function intlLocale(locale: string, browser: string | undefined = globalThis.navigator?.language): string {
  if (browser && browser.toLowerCase().startsWith(`${locale}-`)) return browser;
  return locale === 'es' ? 'es-ES' : 'en-US';
}

export interface Formatters {
  /** An instant with its time zone: '26 nov 2026, 14:05 UTC'. */
  dateTime: (iso: string | null | undefined) => string;
  /** The time of an instant with its time zone: '14:05 UTC'. */
  time: (iso: string | null | undefined) => string;
  /** A calendar date ('2026-11-26', or the UTC day of an instant): '26 nov 2026'. */
  date: (day: string | null | undefined) => string;
  /** A short day for chart axes: '26 nov'. */
  shortDay: (day: string) => string;
  /** A price in US dollars as the locale writes it. */
  usd: (value: number | string | null | undefined) => string;
  number: (value: number) => string;
}

export function formatters(tag: string): Formatters {
  const dateTime = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  const date = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const localDate = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric' });
  const shortDay = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const usd = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' });
  const number = new Intl.NumberFormat(tag);
  const day = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return {
    dateTime: (iso) => (iso ? dateTime.format(new Date(iso)) : ''),
    time: (iso) => (iso ? time.format(new Date(iso)) : ''),
    // A calendar date is the same day everywhere; an instant's day is the local one, like its time.
    date: (value) => (!value ? '' : value.length === 10 ? date.format(day(value)) : localDate.format(new Date(value))),
    shortDay: (value) => shortDay.format(day(value)),
    usd: (value) => (value === null || value === undefined || value === '' ? '' : usd.format(Number(value))),
    number: (value) => number.format(value),
  };
}

/** The formatters of the language on screen. */
export function useFormat(): Formatters {
  const [locale] = useLocaleState();
  return formatters(intlLocale(locale));
}
