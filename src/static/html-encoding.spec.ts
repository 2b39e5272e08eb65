import { pickEncoding } from './html-encoding';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, as the client accepts them', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
  });

  it('sends the page as it is when nothing usable is accepted', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(pickEncoding('*;q=0')).toBeNull();
  });
});

describe('pickEncoding, headers seen before', () => {
  // Values none of the tests above used, so the memo starts without them.
  const variants = Array.from({ length: 100 }, (_, i) => [
    `gzip;q=0.${(i % 9) + 1}, deflate, x-${i}, br;q=${i % 2}`,
    i % 2 ? 'br' : 'gzip',
  ]);

  it('answers the same the second time, past the number of values it keeps, and for long headers', () => {
    for (const [header, expected] of variants) expect(pickEncoding(header)).toBe(expected);
    for (const [header, expected] of variants) expect(pickEncoding(header)).toBe(expected);
    const long = `${'x-padding;q=0.5, '.repeat(40)}br;q=0, gzip`;
    expect(long.length).toBeGreaterThan(256);
    expect(pickEncoding(long)).toBe('gzip');
    expect(pickEncoding(long)).toBe('gzip');
    expect(pickEncoding(['br;q=0', 'gzip;q=0'])).toBeNull();
    expect(pickEncoding('br;q=0,gzip;q=0')).toBeNull();
  });
});
