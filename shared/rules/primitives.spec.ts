import {
  escapeHtml,
  formatDateTime,
  isCalendarDate,
  isEmail,
  isSingleLine,
  normalizeEmail,
  normalizePhone,
} from './primitives';

describe('primitives', () => {
  it('keeps the digits of a phone typed with separators, and nothing else', () => {
    expect(normalizePhone('+1 (809) 555-1234')).toBe('18095551234');
    expect(normalizePhone('809.555.1234')).toBe('8095551234');
    expect(normalizePhone(8095551234)).toBe('8095551234');
    for (const bad of ['809abc', '++15551234567', '', '1+2', null, {}]) expect(normalizePhone(bad)).toBeNull();
  });

  it('accepts only real calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['2025-02-29', '2025-04-31', '2025-13-01', '2025-1-01', ' 2025-01-01', 20250101])
      expect(isCalendarDate(bad)).toBe(false);
  });

  it('formats dates as YYYY-MM-DD HH:MM in UTC', () => {
    expect(formatDateTime(new Date('2025-06-01T08:05:59.900Z'))).toBe('2025-06-01 08:05');
    expect(formatDateTime('2025-06-01T23:59:00-02:00')).toBe('2025-06-02 01:59');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('refuses line breaks, control and bidi characters and lone surrogates in a single line', () => {
    for (const ok of ['Ana María', 'José-Luis O’Neil', 'Zoë 👩‍🚀', '北京', 'Ana 👨‍👩‍👧 🏳️‍🌈 👩🏽‍🚀 ❤️‍🔥', 'محمد'])
      expect({ ok, single: isSingleLine(ok) }).toEqual({ ok, single: true });
    for (const bad of [
      'a\r\nb',
      'a\nb',
      'a\tb',
      'a\u0000b',
      'a\u007Fb',
      'a\u0085b',
      'a\u2028b',
      'a\u202Eb',
      'a\u2066b',
      'a\u2069b',
      // Zero-width and directional marks: invisible, they hide or reorder what a reader sees.
      'a\u200Bb',
      'a\u200Cb',
      'a\u200Db',
      'a\u200Eb',
      'a\u200Fb',
      'a\u061Cb',
      'a\u2060b',
      'a\uFEFFb',
      // A joiner outside an emoji sequence, or at its edge.
      'Ana\u200D👋',
      '👋\u200D',
      '\u200D👋',
      '👩\u200D\u200D🚀',
      'a\uD800b',
      'a\uDC00',
    ])
      expect({ bad, single: isSingleLine(bad) }).toEqual({ bad, single: false });
  });

  it('stores e-mails trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ana@Example.COM ')).toBe('ana@example.com');
    expect(isEmail(' ana@example.com ')).toBe(true);
  });
});
