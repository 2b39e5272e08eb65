import { isCommonPassword } from './password-policy';

describe('isCommonPassword', () => {
  it('knows the usual suspects, whatever their case', () => {
    for (const p of ['password', '12345678', 'Password1', 'QWERTYUIOP', 'iloveyou', 'sunshine', 'baseball']) {
      expect({ p, common: isCommonPassword(p) }).toEqual({ p, common: true });
    }
  });

  it('lets uncommon passphrases through', () => {
    for (const p of ['Mar-Caribe-2031!', 'correct horse battery staple 9', 'Str0ng!Passw0rd']) expect(isCommonPassword(p)).toBe(false);
  });
});
