/**
 * The small checks every form is made of, written once. Pure TypeScript: the server, the site
 * and the back-office run these same functions.
 */

/**
 * An e-mail address: an unquoted local part of the characters RFC 5322 allows there, an '@',
 * and a domain of two or more dot-separated labels (letters, digits, inner hyphens). Narrower
 * than the RFC on purpose: no spaces, quotes, commas or brackets, so an address can never carry
 * a second recipient or a header into a mail.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
/** YYYY-MM-DD (whether the day exists is isCalendarDate's job). */
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** 24-hour HH:MM. */
export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Missing, null, or only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The trimmed text of a string value; '' for anything that is not a string. */
export function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** True for a string (surrounding spaces ignored) of the e-mail shape above. */
export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

/** How e-mails are stored and compared: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Separators people type inside phone numbers; one leading + is allowed too. */
const PHONE_SEPARATORS = /[\s().-]/g;

/**
 * The digits of a phone typed with spaces, dashes, dots, brackets or a leading + ("+1 (809)
 * 555-1234" gives "18095551234"), or null when the input is not a phone number at all.
 */
export function normalizePhone(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const compact = String(value).trim().replace(PHONE_SEPARATORS, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact;
  return /^\d+$/.test(digits) ? digits : null;
}

/** True for a real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: unknown): value is string {
  const m = typeof value === 'string' ? DATE_PATTERN.exec(value) : null;
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** 'YYYY-MM-DD HH:MM' in UTC ('' for no date): every formatted_* date the API returns, and the dates in e-mails. */
export function formatDateTime(date: Date | string | number | null | undefined): string {
  if (date === null || date === undefined || date === '') return '';
  const d = date instanceof Date ? date : new Date(date);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 16).replace('T', ' ');
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place inside HTML (element content or a quoted attribute) of an e-mail. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
}

/**
 * What a single-line field (a name, a title) may not contain: control characters (CR, LF, tab,
 * NUL, DEL and the C1 range), the Unicode line and paragraph separators, the bidirectional
 * embedding, override and isolate controls (which make "gpj.exe" read as "exe.jpg"), the
 * invisible marks that do the same or hide text (zero-width space and non-joiner, the
 * left-to-right, right-to-left and Arabic letter marks, the word joiner, the zero-width no-break
 * space), and surrogate halves without their pair. Such text goes into e-mail headers and bodies
 * sent to other people, and into spreadsheets.
 */
const NOT_SINGLE_LINE =
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u061C\u200B\u200C\u200E\u200F\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF]|[\uD800-\uDFFF]/u;

/** The zero-width joiner, and what may stand on either side of it: an emoji, or (before it) a skin tone or VS16. */
const ZERO_WIDTH_JOINER = '\u200D';
const EMOJI = /^\p{Extended_Pictographic}$/u;
const EMOJI_MODIFIER = /^(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])$/u;

/**
 * True when a zero-width joiner stands anywhere but inside an emoji sequence (👩‍🚀, 👨‍👩‍👧, 🏳️‍🌈),
 * where it is how the emoji is written; elsewhere it is an invisible mark like the ones above.
 */
function hasStrayJoiner(value: string): boolean {
  if (!value.includes(ZERO_WIDTH_JOINER)) return false;
  const chars = [...value];
  return chars.some((char, i) => {
    if (char !== ZERO_WIDTH_JOINER) return false;
    let before = i - 1;
    while (before >= 0 && EMOJI_MODIFIER.test(chars[before])) before -= 1;
    return before < 0 || !EMOJI.test(chars[before]) || !EMOJI.test(chars[i + 1] ?? '');
  });
}

/** True when a string holds none of the characters above. With the u flag a paired surrogate is one character. */
export function isSingleLine(value: string): boolean {
  return !NOT_SINGLE_LINE.test(value) && !hasStrayJoiner(value);
}
