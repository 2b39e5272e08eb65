import { CONTACT_FORM_RULES } from './contact';
import { validateForm } from './form';

describe('contact form rules', () => {
  it('gives the spec messages for an empty form and leaves the phone optional', () => {
    expect(
      validateForm(CONTACT_FORM_RULES, { firstName: '', lastName: '', email: '', phone: '', message: '' }),
    ).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('limits the message to 1500 characters, which may span lines, and checks a given phone', () => {
    const form = { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '123', message: 'x'.repeat(1501) };
    expect(validateForm(CONTACT_FORM_RULES, form)).toEqual({
      phone: 'Invalid phone number (10-15 digits)',
      message: 'Message cannot exceed 1500 characters',
    });
    expect(validateForm(CONTACT_FORM_RULES, { ...form, phone: undefined, message: 'Hola,\r\n¿qué tal?' })).toEqual({});
  });
});
