import { parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('trusts nobody by default', () => {
    for (const value of [undefined, '', 'false', '0']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('takes a hop count', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(() => parseTrustProxy('11')).toThrow(/at most 10/);
  });

  it('takes proxy addresses, CIDRs and named ranges', () => {
    expect(parseTrustProxy('172.28.0.10')).toBe('172.28.0.10');
    expect(parseTrustProxy('10.0.0.0/8, loopback,fd00::/8')).toBe('10.0.0.0/8,loopback,fd00::/8');
  });

  it('refuses true (any caller) and anything it does not understand, naming it', () => {
    expect(() => parseTrustProxy('true')).toThrow(/from any caller/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10.0.0.0\/33"/);
    expect(() => parseTrustProxy('proxy.local')).toThrow(/"proxy.local"/);
    expect(() => parseTrustProxy('1.2.3.4/8/9')).toThrow(/not understood/);
  });
});
