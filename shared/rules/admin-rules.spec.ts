import { createLeadRules, earliestToday, trimHour } from './admin-lead';
import { passwordProblem } from './admin-user';
import { THING_TO_DO_RULES } from './destination';
import { validateForm } from './form';
import { PACK_RULES } from './pack';

const validatePack = (values: Record<string, unknown>) => validateForm(PACK_RULES, values);

const pack = {
  name: 'P',
  description: 'D',
  price: 100,
  destination_id: 1,
  available_from: '2030-01-01',
  available_to: '2030-01-02',
};

describe('pack rules', () => {
  it('accepts prices as numbers or decimal text with at most 2 decimals', () => {
    expect(validatePack({ ...pack, price: '99.90', discount_price: '49.5' })).toEqual({});
    expect(validatePack({ ...pack, price: 0.01 })).toEqual({});
    expect(validatePack({ ...pack, price: '1e3' })).toEqual({ price: 'Price must be a positive number' });
    expect(validatePack({ ...pack, price: '12345' })).toEqual({ price: 'Price cannot exceed 9999.99' });
    expect(validatePack({ ...pack, price: 0.1 + 0.2 })).toEqual({ price: 'Price can have at most 2 decimal places' });
  });
});

describe('admin user rules', () => {
  it('asks for length, an uppercase letter, a number and a special character, in that order', () => {
    expect(passwordProblem('Aa1!')).toBe('Password must be at least 8 characters long.');
    expect(passwordProblem('aaaaaaa1!')).toBe('Password must contain at least one uppercase letter.');
    expect(passwordProblem('Aaaaaaaa!')).toBe('Password must contain at least one number.');
    expect(passwordProblem('Aaaaaaa1')).toBe('Password must contain at least one special character (!@#$%^&*).');
    expect(passwordProblem('Aaaaaaa1^')).toBeUndefined();
  });
});

describe('admin lead rules', () => {
  it('takes "today" as the earliest date current anywhere', () => {
    expect(earliestToday(new Date('2030-05-10T11:59:00Z'))).toBe('2030-05-09');
    expect(earliestToday(new Date('2030-05-10T12:00:00Z'))).toBe('2030-05-10');
    const rules = createLeadRules('2030-05-10');
    expect(rules.date('2030-05-10', {})).toBeUndefined();
    expect(rules.date('2030-05-09', {})).toBe('Date must be in the future');
  });

  it('trims seconds from an hour', () => {
    expect(trimHour(' 09:30:59 ')).toBe('09:30');
    expect(trimHour('9:30')).toBe('9:30');
  });
});

describe('thing to do rules', () => {
  it('counts whitespace as empty', () => {
    expect(validateForm(THING_TO_DO_RULES, { title: ' \t', description: '\n' })).toEqual({
      title: 'Title is required',
      description: 'Description is required',
    });
  });
});

describe('single-line fields of the back-office', () => {
  it('refuses a title with a line break but lets a description span lines', () => {
    expect(validateForm(THING_TO_DO_RULES, { title: 'Snorkel\nBcc', description: 'Line one\nLine two' })).toEqual({
      title: 'Title contains characters that are not allowed',
    });
  });
});
