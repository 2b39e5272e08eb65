import {
  CHANGE_PASSWORD_RULES,
  LOGIN_RULES,
  PROFILE_RULES,
  PROFILE_UPDATE_RULES,
  RESET_PASSWORD_RULES,
  SIGN_UP_RULES,
} from './account';
import { validateForm } from './form';

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
    expect(validateForm(SIGN_UP_RULES, signUp)).toEqual({});
    expect(validateForm(SIGN_UP_RULES, { ...signUp, first_name: ' ' })).toEqual({
      first_name: 'Por favor, complete todos los campos.',
    });
    expect(validateForm(SIGN_UP_RULES, { ...signUp, confirm_password: 'other-one' })).toEqual({
      confirm_password: 'Las contraseñas no coinciden.',
    });
    expect(validateForm(SIGN_UP_RULES, { ...signUp, email: 'x@y' }).email).toBe(
      'Por favor, ingrese una dirección de correo electrónico válida.',
    );
    const long = 'x'.repeat(129);
    expect(validateForm(SIGN_UP_RULES, { ...signUp, password: long, confirm_password: long }).password).toBe(
      'La contraseña no puede exceder los 128 caracteres.',
    );
    expect(validateForm(SIGN_UP_RULES, { ...signUp, password: 'Baseball', confirm_password: 'Baseball' })).toEqual({
      password: 'Esta contraseña es demasiado común. Por favor, elija una más segura.',
    });
    expect(validateForm(SIGN_UP_RULES, { ...signUp, last_name: 'Gar\r\ncía' })).toEqual({
      last_name: 'El apellido contiene caracteres no permitidos.',
    });
  });

  it('checks logins, resets and profiles', () => {
    expect(validateForm(LOGIN_RULES, { email: '', password: '' })).toEqual({
      email: 'Por favor, complete todos los campos requeridos.',
      password: 'Por favor, complete todos los campos requeridos.',
    });
    expect(validateForm(LOGIN_RULES, { email: `${'a'.repeat(320)}@x.co`, password: 'p' }).email).toBe(
      'El correo electrónico no puede exceder los 320 caracteres.',
    );
    expect(validateForm(RESET_PASSWORD_RULES, { password: 'short', confirm_password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters long.',
    });
    expect(validateForm(RESET_PASSWORD_RULES, { password: 'long-enough', confirm_password: 'different!' })).toEqual({
      confirm_password: 'Passwords do not match.',
    });
    expect(validateForm(RESET_PASSWORD_RULES, { password: '', confirm_password: '' })).toEqual({
      password: 'All fields are required.',
      confirm_password: 'All fields are required.',
    });
    const profile = { first_name: 'A', last_name: 'B', email: 'a@b.co', phone: '1' };
    expect(validateForm(PROFILE_RULES, profile)).toEqual({
      phone: 'Phone number must contain only numbers and be between 2 and 15 digits',
    });
    expect(validateForm(PROFILE_RULES, { ...profile, phone: '', email: '' })).toEqual({
      email: 'Valid email is required',
    });
    expect(validateForm(PROFILE_UPDATE_RULES, { first_name: 'A', last_name: 'B' })).toEqual({});
  });

  it('asks for a different, uncommon new password of 8 to 128 characters', () => {
    expect(validateForm(CHANGE_PASSWORD_RULES, { current_password: '', new_password: 'qwertyuiop' })).toEqual({
      current_password: 'All fields are required.',
      new_password: 'This password is too common. Please choose a less predictable one.',
    });
  });
});
