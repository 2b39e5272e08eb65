import {
  canChangeLeadStatus,
  formatLeadCreatedAt,
  isCalendarDate,
  LEAD_STATUS_TRANSITIONS,
  normalizePhone,
  validateLeadDate,
  validateLeadEmail,
  validateLeadForm,
  validateLeadHour,
  validateLeadPhone,
  validateLeadStatusChange,
} from './lead';
import { LEAD_STATUSES } from '../limits';

describe('lead form rules', () => {
  it('gives the SPEC messages for an empty form', () => {
    expect(validateLeadForm({ firstName: '', lastName: ' ', email: '', phone: '' }, { requireDestination: true })).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      destination_id: 'Destination is required',
    });
  });

  it('accepts a complete form', () => {
    expect(
      validateLeadForm({ firstName: 'Ana', lastName: 'Ruiz', email: 'ana@x.io', phone: '5551234567', date: '2026-01-31', hour: '23:59' }),
    ).toEqual({});
  });

  it('checks e-mail shape x@y.z and refuses address lists', () => {
    expect(validateLeadEmail('x@y.z')).toBeNull();
    for (const bad of ['x@y', 'x y@z.com', 'a,b@c.de', 'a@b.c@d.e', 'x@.com']) expect(validateLeadEmail(bad)).toBe('Invalid email format');
  });

  it('counts phone digits, ignoring common separators', () => {
    expect(normalizePhone('+1 (809) 555-1234')).toBe('18095551234');
    expect(validateLeadPhone('809.555.1234')).toBeNull();
    expect(validateLeadPhone('555-1234')).toBe('Invalid phone number (10-15 digits)');
    expect(validateLeadPhone('++15551234567')).toBe('Invalid phone number (10-15 digits)');
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(validateLeadDate('2025-04-31')).toBe('Invalid date format (YYYY-MM-DD)');
    expect(validateLeadDate(null)).toBeNull();
    expect(validateLeadDate('')).toBeNull();
  });

  it('accepts 24-hour HH:MM only', () => {
    expect(validateLeadHour('00:00')).toBeNull();
    expect(validateLeadHour('23:59')).toBeNull();
    for (const bad of ['24:00', '12:60', '7:05', '07:5', 'noon']) expect(validateLeadHour(bad)).toBe('Invalid hour format (HH:MM, 24-hour format)');
  });

  it('formats created_at as YYYY-MM-DD HH:MM in UTC', () => {
    expect(formatLeadCreatedAt(new Date('2025-06-01T08:05:59.900Z'))).toBe('2025-06-01 08:05');
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
