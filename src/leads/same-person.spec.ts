import { normalizeLastName, samePerson } from './same-person';

const lead = (email: string, phone: string, last_name: string) => ({ email, phone, last_name });

describe('samePerson: the one rule of merging two leads', () => {
  it('is the same person with the same e-mail, whatever the case, spaces, phone or name', () => {
    expect(samePerson(lead(' Ana@Example.com ', '8095550001', 'Pérez'), lead('ana@example.com', '', 'Gómez'))).toEqual({
      same: true,
      by: 'email',
    });
  });

  it('is the same person with the same phone digits and the same last name (case, accents, spaces aside)', () => {
    expect(
      samePerson(lead('a@example.com', '+1 (809) 555-0001', '  Muñoz '), lead('b@example.com', '18095550001', 'MUNOZ')),
    ).toEqual({ same: true, by: 'phone_and_last_name' });
  });

  it('is two people otherwise, and says why', () => {
    const x = lead('x@example.com', '8095550001', 'Pérez');
    const differs = (other: ReturnType<typeof lead>) => {
      const verdict = samePerson(x, other);
      expect(verdict.same).toBe(false);
      return verdict.same ? '' : verdict.message;
    };
    expect(differs(lead('y@example.com', '8095550001', 'Gómez'))).toBe(
      'These leads belong to different people: the e-mail differs, and the last name differs.',
    );
    expect(differs(lead('y@example.com', '8095550002', 'Pérez'))).toBe(
      'These leads belong to different people: the e-mail differs, and the phone differs.',
    );
    expect(differs(lead('y@example.com', '8095550002', 'Gómez'))).toBe(
      'These leads belong to different people: the e-mail differs, and the phone and the last name differ.',
    );
    expect(differs(lead('y@example.com', '', 'Pérez'))).toBe(
      'These leads belong to different people: the e-mail differs, and one of them has no phone.',
    );
  });

  it('never matches empty values (anonymised leads are nobody)', () => {
    expect(samePerson(lead('', '', ''), lead('', '', '')).same).toBe(false);
    expect(samePerson(lead('a@x.invalid', '8095550001', ''), lead('b@x.invalid', '8095550001', '')).same).toBe(false);
  });

  it('normalises last names without case, accents or extra spaces', () => {
    expect(normalizeLastName('  De  la Peña ')).toBe('de la pena');
    expect(normalizeLastName('GARCÍA')).toBe(normalizeLastName('garcia'));
  });
});
