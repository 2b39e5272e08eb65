import { LIMITS } from '../../../shared/limits';
import { SIGN_UP_RULES, LOGIN_RULES } from '../../../shared/rules/account';
import { CONTACT_FORM_RULES } from '../../../shared/rules/contact';
import { optional, text, whenSent } from '../../../shared/rules/form';
import { LEAD_FORM_RULES } from '../../../shared/rules/lead';
import { fromRule } from './api-rule';

describe('fromRule: OpenAPI limits read from the rule that enforces them', () => {
  it('states the length limit a text or e-mail rule was made with', () => {
    expect(fromRule(LEAD_FORM_RULES.firstName)).toEqual({ maxLength: LIMITS.leadName.max });
    expect(fromRule(LEAD_FORM_RULES.email)).toEqual({ maxLength: LIMITS.email.max });
    expect(fromRule(CONTACT_FORM_RULES.message)).toEqual({ maxLength: LIMITS.contactMessage.max });
  });

  it('keeps the limits through optional() and whenSent()', () => {
    const rule = text({ tooLong: 'too long' }, 7);
    expect(fromRule(optional(rule))).toEqual({ maxLength: 7 });
    expect(fromRule(whenSent(rule))).toEqual({ maxLength: 7 });
  });

  it('states both bounds of a new password, only the upper one of a password being typed', () => {
    expect(fromRule(SIGN_UP_RULES.password)).toEqual({
      minLength: LIMITS.password.min,
      maxLength: LIMITS.password.max,
    });
    expect(fromRule(LOGIN_RULES.password)).toEqual({ maxLength: LIMITS.password.max });
  });

  it('adds nothing for a rule without a length limit, and lets the options win', () => {
    expect(fromRule(LEAD_FORM_RULES.destination_id)).toEqual({});
    expect(fromRule(LEAD_FORM_RULES.firstName, { example: 'Ana', maxLength: 3 })).toEqual({
      example: 'Ana',
      maxLength: 3,
    });
  });
});
