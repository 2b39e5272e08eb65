import { normalizePhone, validateLogin, validatePasswordReset, validateProfile, validateSignUp } from './account';

describe('account rules', () => {
  const signUp = {
    first_name: 'Ana',
    last_name: 'García',
    email: 'ana@example.com',
    phone: '809 555 1234',
    password: 'Mar-Caribe-2031',
    confirm_password: 'Mar-Caribe-2031',
  };

  it('accepts a complete sign-up and reports each problem with the spec text', () => {
    expect(validateSignUp(signUp)).toEqual({});
    expect(validateSignUp({ ...signUp, first_name: ' ' })).toEqual({ first_name: 'Por favor, complete todos los campos.' });
    expect(validateSignUp({ ...signUp, confirm_password: 'other-one' })).toEqual({ confirm_password: 'Las contraseñas no coinciden.' });
    expect(validateSignUp({ ...signUp, email: 'x@y' }).email).toBe('Por favor, ingrese una dirección de correo electrónico válida.');
    expect(validateSignUp({ ...signUp, password: 'x'.repeat(129), confirm_password: 'x'.repeat(129) }).password).toBe(
      'La contraseña no puede exceder los 128 caracteres.',
    );
  });

  it('checks logins, resets and profiles', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Por favor, complete todos los campos requeridos.',
      password: 'Por favor, complete todos los campos requeridos.',
    });
    expect(validateLogin({ email: `${'a'.repeat(320)}@x.co`, password: 'p' }).email).toBe(
      'El correo electrónico no puede exceder los 320 caracteres.',
    );
    expect(validatePasswordReset({ password: 'short', confirm_password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters long.',
    });
    expect(validatePasswordReset({ password: 'long-enough', confirm_password: 'different!' })).toEqual({
      confirm_password: 'Passwords do not match.',
    });
    expect(validateProfile({ first_name: 'A', last_name: 'B', email: 'a@b.co', phone: '1' })).toEqual({
      phone: 'Phone number must contain only numbers and be between 2 and 15 digits',
    });
  });

  it('keeps the digits of a phone typed with separators only', () => {
    expect(normalizePhone('+1 (809) 555-1234')).toBe('18095551234');
    expect(normalizePhone('809abc')).toBe('809abc');
  });
});
