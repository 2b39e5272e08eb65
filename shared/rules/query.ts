/**
 * The one rule every query value of the API follows, searches and filters included: no control
 * character (U+0000–U+001F: NUL, tab, line breaks…, and DEL, U+007F). Nobody types one into a
 * search box; they only arrive from scripts, and some reach the database's text search in a form
 * it cannot take (a NUL inside an SQLite full-text phrase was a 500).
 */

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/** The answer, as a 400, to a query holding one. */
export const QUERY_CONTROL_CHARACTERS =
  'Search, filter and other query values cannot contain control characters (U+0000 to U+001F, U+007F).';

/** True when a text holds a control character. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** True when any string inside a parsed JSON value (keys included) holds a control character. */
export function holdsControlCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (hasControlCharacter(current)) return true;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (hasControlCharacter(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
