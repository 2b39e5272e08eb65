import { ADMIN_MAX_IDS } from '../../../shared/api/admin';

/**
 * The widest input any route accepts, checked on the parsed body or query before anything copies,
 * transforms or validates it. class-transformer and class-validator spend time that grows with the
 * square of an object's key count (an 85,000-key object under an unknown field took 16 s of the one
 * event loop, and every visitor waited), so an input wider than any route takes is refused here in
 * one linear walk. A unit test keeps every DTO within MAX_KEYS_PER_OBJECT.
 */
export const INPUT_SHAPE = {
  /** Properties of one object: the widest DTO has about 20. */
  maxKeysPerObject: 64,
  /** Values in one body or query, nested ones included: the largest is a list of ADMIN_MAX_IDS ids. */
  maxValues: ADMIN_MAX_IDS + 1000,
  /** Nesting: no DTO is deeper than 3; class-transformer overflows the stack near 2,000 levels. */
  maxDepth: 32,
  /** Parameters of one query string (`a=1&a=2` counts 2): the admin lists use 3, the catalogue 1. */
  maxQueryParams: 64,
} as const;

export const INPUT_TOO_WIDE = 'Request has more fields or values than any route accepts.';
export const INPUT_TOO_DEEP = 'Request body is nested too deeply.';

/** Bodies the JSON parser produced after checking their text (see installJsonBodyParser). */
const textChecked = new WeakSet<object>();

/** Records that `value` was parsed from JSON text that already passed `jsonTextShapeProblem`. */
export function markShapeChecked(value: unknown): void {
  if (value && typeof value === 'object') textChecked.add(value);
}

/** True when `value` came from the JSON parser, its text already checked: no second walk needed. */
export function isShapeChecked(value: unknown): boolean {
  return !!value && typeof value === 'object' && textChecked.has(value);
}

/** Why `value` is refused, or null when its shape fits every limit. Linear in the value's size. */
export function inputShapeProblem(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  let values = 0;
  const pending: Array<[object, number]> = [[value, 0]];
  while (pending.length) {
    const [current, depth] = pending.pop()!;
    if (depth >= INPUT_SHAPE.maxDepth) return INPUT_TOO_DEEP;
    let keys = 0;
    // for…in on plain parsed JSON: own enumerable keys only (no prototype chain beyond Object's).
    for (const key in current) {
      if (!Object.prototype.hasOwnProperty.call(current, key)) continue;
      keys += 1;
      values += 1;
      if (values > INPUT_SHAPE.maxValues) return INPUT_TOO_WIDE;
      if (keys > INPUT_SHAPE.maxKeysPerObject && !Array.isArray(current)) return INPUT_TOO_WIDE;
      const child = (current as Record<string, unknown>)[key];
      if (child && typeof child === 'object') pending.push([child, depth + 1]);
    }
  }
  return null;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

/**
 * The same limits read off raw JSON text, before JSON.parse: parsing 1 MB of keys alone takes
 * ~50 ms of the event loop, a scan of its characters a few. Counts an object's keys by its colons and
 * an array's values by its commas (outside strings); malformed text is left for the parser to refuse.
 */
export function jsonTextShapeProblem(text: string): string | null {
  // Per open container: its entries so far (object keys, or array commas), and whether it is an object.
  const counts: number[] = [];
  const objects: boolean[] = [];
  let values = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: up to the next quote that is not escaped.
      for (i += 1; i < text.length; i += 1) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i += 1;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (counts.length >= INPUT_SHAPE.maxDepth) return INPUT_TOO_DEEP;
      counts.push(0);
      objects.push(c === OPEN_OBJECT);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      counts.pop();
      objects.pop();
    } else if ((c === COLON || c === COMMA) && counts.length) {
      const top = counts.length - 1;
      if (objects[top] !== (c === COLON)) continue;
      counts[top] += 1;
      values += 1;
      if (values > INPUT_SHAPE.maxValues) return INPUT_TOO_WIDE;
      if (objects[top] && counts[top] > INPUT_SHAPE.maxKeysPerObject) return INPUT_TOO_WIDE;
    }
  }
  return null;
}

/** How many `name=value` pairs a raw query string holds, counted without parsing it. */
export function queryParamCount(query: string): number {
  if (!query) return 0;
  let count = 1;
  for (let i = query.indexOf('&'); i !== -1; i = query.indexOf('&', i + 1)) count += 1;
  return count;
}
