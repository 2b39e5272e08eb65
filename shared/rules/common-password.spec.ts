import { isCommonPassword } from './common-password';

describe('isCommonPassword', () => {
  it('knows the usual suspects, whatever their case', () => {
    for (const p of [
      'password',
      '12345678',
      'Password1',
      'QWERTYUIOP',
      'iloveyou',
      'sunshine',
      'baseball',
      'iloveyou123',
    ]) {
      expect({ p, common: isCommonPassword(p) }).toEqual({ p, common: true });
    }
  });

  it('lets uncommon passphrases through', () => {
    for (const p of ['Mar-Caribe-2031!', 'correct horse battery staple 9', 'Str0ng!Passw0rd'])
      expect(isCommonPassword(p)).toBe(false);
  });
});

describe('isCommonPassword variants', () => {
  it('sees through reversal and letter-for-symbol swaps of a whole common password', () => {
    for (const p of ['P@ssw0rd', 'drowssap', 'B4seb4ll'])
      expect({ p, common: isCommonPassword(p) }).toEqual({ p, common: true });
  });
});
