import { LEAD_STATUSES } from '../limits';
import { validateForm } from './form';
import { LEAD_CODE_RULES, LEAD_FORM_RULES, LEAD_SOURCE_RULE } from './lead';
import { canChangeLeadStatus, LEAD_STATUS_TRANSITIONS, validateLeadStatusChange } from './lead-status';

const R = LEAD_FORM_RULES;

describe('lead form rules', () => {
  it('gives the spec messages for an empty form', () => {
    expect(validateForm(R, { firstName: '', lastName: ' ', email: '', phone: '' })).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      destination_id: 'Destination is required',
    });
  });

  it('accepts a complete form', () => {
    const form = {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@x.io',
      phone: '5551234567',
      date: '2026-01-31',
      hour: '23:59',
      destination_id: '3',
    };
    expect(validateForm(R, form)).toEqual({});
  });

  it('refuses names that are not one line of text', () => {
    for (const bad of ['Ana\r\nBcc: x', 'Ana\u0000', 'Ana\u202Etxt.exe', 'Ana\uD800'])
      expect(R.firstName(bad, {})).toBe('First Name contains characters that are not allowed');
    expect(R.lastName('x'.repeat(51), {})).toBe('Last Name cannot exceed 50 characters');
  });

  it('counts phone digits, ignoring common separators', () => {
    expect(R.phone('809.555.1234', {})).toBeUndefined();
    expect(R.phone('555-1234', {})).toBe('Invalid phone number (10-15 digits)');
    expect(R.phone('++15551234567', {})).toBe('Invalid phone number (10-15 digits)');
  });

  it('takes date and hour as optional, and only real dates and 24-hour times', () => {
    expect(R.date('2025-04-31', {})).toBe('Invalid date format (YYYY-MM-DD)');
    expect(R.date(null, {})).toBeUndefined();
    expect(R.date('', {})).toBeUndefined();
    expect(R.hour('00:00', {})).toBeUndefined();
    for (const bad of ['24:00', '12:60', '7:05', '07:5', 'noon'])
      expect(R.hour(bad, {})).toBe('Invalid hour format (HH:MM, 24-hour format)');
  });

  it('checks the payload-only fields and the code step', () => {
    expect(R.destination_id('abc', {})).toBe('Selected destination does not exist');
    expect(LEAD_SOURCE_RULE('email_verification', {})).toBeUndefined();
    expect(LEAD_SOURCE_RULE('admin', {})).toBe('Invalid source');
    expect(validateForm(LEAD_CODE_RULES, { email: 'a@b.co', confirmation_code: ' ' })).toEqual({
      confirmation_code: 'Confirmation code is required',
    });
  });
});

describe('lead status pipeline', () => {
  it('defines transitions for every status, to known statuses only', () => {
    expect(Object.keys(LEAD_STATUS_TRANSITIONS).sort()).toEqual([...LEAD_STATUSES].sort());
    for (const targets of Object.values(LEAD_STATUS_TRANSITIONS)) {
      for (const to of targets) expect(LEAD_STATUSES).toContain(to);
    }
  });

  it('allows forward moves, losing an open lead, and re-opening a lost one', () => {
    expect(canChangeLeadStatus('new', 'booked')).toBe(true);
    expect(canChangeLeadStatus('qualified', 'lost')).toBe(true);
    expect(canChangeLeadStatus('lost', 'contacted')).toBe(true);
    expect(canChangeLeadStatus('booked', 'booked')).toBe(true);
  });

  it('refuses jumps that skip the pipeline backwards', () => {
    expect(validateLeadStatusChange('booked', 'new')).toBe('A lead cannot move from Booked to New');
    expect(validateLeadStatusChange('new', 'archived')).toBe(
      'Status must be one of: new, contacted, qualified, proposal_sent, booked, lost',
    );
  });
});
