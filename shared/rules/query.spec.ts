import { hasControlCharacter, holdsControlCharacter } from './query';

describe('the query rule: no control characters', () => {
  it('finds every C0 control character and DEL, and nothing else', () => {
    for (let code = 0; code <= 0x1f; code += 1)
      expect(hasControlCharacter(`a${String.fromCharCode(code)}b`)).toBe(true);
    expect(hasControlCharacter('a\u007Fb')).toBe(true);
    for (const ok of ['Ana García', 'ñ 👋 北京', '%00', '\\u0000', 'a\u0085b', 'a\u200Bb', ''])
      expect({ ok, control: hasControlCharacter(ok) }).toEqual({ ok, control: false });
  });

  it('looks into every string of a parsed JSON value, keys included', () => {
    expect(holdsControlCharacter({ q: 'x', ids: [1, 'a\u0000'] })).toBe(true);
    expect(holdsControlCharacter({ ['k\n']: 1 })).toBe(true);
    expect(holdsControlCharacter(['created_at', 'DESC'])).toBe(false);
    expect(holdsControlCharacter({ q: 'Ana', n: 3, b: null, nested: { deep: ['ok'] } })).toBe(false);
    expect(holdsControlCharacter('\t')).toBe(true);
  });
});
