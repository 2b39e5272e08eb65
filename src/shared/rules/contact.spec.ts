import { validateContactForm } from './contact';

describe('contact form rules', () => {
  it('gives the SPEC messages for an empty form and leaves the phone optional', () => {
    expect(validateContactForm({ firstName: '', lastName: '', email: '', phone: '', message: '' })).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('limits the message to 1500 characters and checks a given phone', () => {
    const errors = validateContactForm({ firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '123', message: 'x'.repeat(1501) });
    expect(errors).toEqual({ phone: 'Invalid phone number (10-15 digits)', message: 'Message cannot exceed 1500 characters' });
    expect(validateContactForm({ firstName: 'A', lastName: 'B', email: 'a@b.co', message: 'x'.repeat(1500) })).toEqual({});
  });
});
