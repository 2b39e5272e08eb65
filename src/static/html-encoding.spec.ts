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
