import fc from 'fast-check';
import { OutboxWorker } from '../../src/mail/outbox-worker.service';
import type { TestApp } from './test-app';

/** Run count and seed of the property tests: FUZZ_RUNS / FUZZ_SEED reproduce or deepen a run. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS) || 30;
export const fuzzParams = (runs = FUZZ_RUNS): fc.Parameters<unknown> => ({
  numRuns: runs,
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
  endOnFailure: true,
});

/** `{"k0":0,…}` with `count` keys: wider than any route takes (validation's cost grows with its square). */
export const manyKeysObject = (count: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));

/** Strings that break naive code: injections, encodings, edge numbers, control characters. */
export const NASTY_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE leads; --",
  '" OR ""="',
  '1; SELECT * FROM users',
  "admin'--",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '=cmd|"/c calc"!A1',
  '@SUM(1+1)',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\u202Egnp.exe',
  '\uD800',
  '\uFEFF',
  '👍🏽👨‍👩‍👧',
  'ñáéíóú ÑÁÉÍÓÚ ¿¡',
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕿𝖗𝖆𝖛𝖊𝖑',
  ' ',
  '',
  '\t\n',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1e308',
  '1e-308',
  '0x10',
  '9007199254740993',
  '99999999999999999999999',
  '2024-02-30',
  '0000-00-00',
  '25:61',
  '[]',
  '{}',
  '{"$gt":""}',
  'x'.repeat(51),
  'x'.repeat(321),
  'x'.repeat(1501),
  `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
  'a@b',
  'user@example.com\nbcc: victim@example.com',
];

/** Every control character the query rule refuses: U+0000–U+001F and DEL (shared/rules/query.ts). */
export const CONTROL_CHARACTERS = [...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)), '\u007F'];

/** `text` with a control character inside it (at the start, the end or the middle). */
export function withControlCharacter(text: string, char: string, where: 'start' | 'middle' | 'end' = 'middle'): string {
  if (where === 'start') return `${char}${text}`;
  if (where === 'end') return `${text}${char}`;
  const middle = Math.floor(text.length / 2);
  return `${text.slice(0, middle)}${char}${text.slice(middle)}`;
}

/** A short text holding one or more control characters. */
export const controlString: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.array(fc.constantFrom(...CONTROL_CHARACTERS), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('start', 'middle', 'end') as fc.Arbitrary<'start' | 'middle' | 'end'>,
  )
  .map(([text, chars, where]) => withControlCharacter(text || 'abc', chars.join(''), where));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: controlString },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 20_000, maxLength: 60_000 }) },
);

/** Values short and well-formed enough to pass most field rules while carrying something hostile. */
export const plausibleHostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS.filter((v) => v.length > 0 && v.length <= 40)),
  fc.constantFrom(
    null,
    0,
    -1,
    1.5,
    10_000_000,
    '',
    ' ',
    [],
    {},
    true,
    '2031-02-29',
    '23:59',
    '00:00',
    '5551234567 ',
    '+1 (555) 123-4567',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
);

/** Any JSON value of a wrong or hostile kind, nested a little. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: nastyString },
    {
      weight: 2,
      arbitrary: fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1.5, 1e308, -1e-308)),
    },
    { weight: 1, arbitrary: fc.double({ noNaN: true }) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(65, 300).map(manyKeysObject) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('$gt', 'length', 'toString', 'valueOf')),
        tie('value'),
        { maxKeys: 4 },
      ),
    },
  ),
})).value;

/** Keys that try prototype pollution, as raw JSON text (a JS object literal would not keep them as own keys). */
export const POLLUTION_BODIES = [
  '{"__proto__":{"is_superuser":true,"is_admin":true,"polluted":1}}',
  '{"constructor":{"prototype":{"is_superuser":true,"polluted":1}}}',
  '{"first_name":"Ana","__proto__":{"polluted":1},"email":"x@example.com"}',
  '{"a":{"__proto__":{"polluted":1}}}',
  '[{"__proto__":{"polluted":1}}]',
];

/** Bodies that are not the object a route expects at all. */
export const WRONG_SHAPE_BODIES = [
  '[]',
  '[1,2,3]',
  '"text"',
  '42',
  'null',
  'true',
  '{',
  '{"a":1}}',
  '\u0000',
  '{"a":' + '['.repeat(2000) + ']'.repeat(2000) + '}',
  '{"a":' + '{"b":'.repeat(300) + '1' + '}'.repeat(300) + '}',
  '['.repeat(200_000) + ']'.repeat(200_000),
  JSON.stringify(manyKeysObject(65)),
  JSON.stringify({ first_name: 'Ana', unknown: manyKeysObject(5_000) }),
  JSON.stringify({ ids: Array.from({ length: 2_001 }, (_, i) => i) }),
];

/**
 * Row count of every table the app maps, to prove a refused request stored nothing. Mail queued by
 * an earlier request is delivered first: sending writes the e-mail's link token (user_tokens) in
 * the background, after that request has answered.
 */
const BACKGROUND_TABLES = ['job_leases'];

export async function tableCounts({
  app,
  dataSource,
}: Pick<TestApp, 'app' | 'dataSource'>): Promise<Record<string, number>> {
  await app.get(OutboxWorker).idle();
  const counts: Record<string, number> = {};
  for (const meta of dataSource.entityMetadatas) {
    // Scheduled jobs take their run leases here in the background, whatever the request did.
    if (BACKGROUND_TABLES.includes(meta.tableName)) continue;
    const rows = (await dataSource.query(
      `SELECT COUNT(*) AS n FROM ${dataSource.driver.escape(meta.tableName)}`,
    )) as Array<{ n: number | string }>;
    counts[meta.tableName] = Number(rows[0].n);
  }
  return counts;
}

/** True when something in this process (the app runs in it) polluted Object.prototype. */
export function prototypePolluted(): boolean {
  const probe = {} as Record<string, unknown>;
  return probe.polluted !== undefined || probe.is_superuser !== undefined || probe.is_admin !== undefined;
}
