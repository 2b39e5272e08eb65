import {
  ADMIN_FORGOT_PASSWORD_RULES,
  ADMIN_LOGIN_RULES,
  ADMIN_SIGN_UP_RULES,
  FORGOT_PASSWORD_RULES,
  LOGIN_RULES,
  PROFILE_RULES,
  SIGN_UP_RULES,
} from './account';
import { createLeadRules, UPDATE_LEAD_RULES } from './admin-lead';
import { CREATE_AGENT_RULES } from './admin-user';
import { CONTACT_FORM_RULES } from './contact';
import { FieldRule } from './form';
import { LEAD_CODE_RULES, LEAD_FORM_RULES } from './lead';

/** Every e-mail field of every form: an address valid on one must be valid on all. */
const EMAIL_FIELDS: Record<string, FieldRule> = {
  login: LOGIN_RULES.email,
  'admin login': ADMIN_LOGIN_RULES.email,
  'sign-up': SIGN_UP_RULES.email,
  'admin sign-up': ADMIN_SIGN_UP_RULES.email,
  'forgot password': FORGOT_PASSWORD_RULES.email,
  'admin forgot password': ADMIN_FORGOT_PASSWORD_RULES.email,
  profile: PROFILE_RULES.email,
  lead: LEAD_FORM_RULES.email,
  'lead code': LEAD_CODE_RULES.email,
  contact: CONTACT_FORM_RULES.email,
  'admin new lead': createLeadRules('2030-01-01').email,
  'admin lead edit': UPDATE_LEAD_RULES.email,
  'new agent': CREATE_AGENT_RULES.email,
};

const ACCEPTED = [
  'ana@example.com',
  'x@y.z',
  'Ana.Garcia+viajes@sub.example.co',
  "o'neil@example.ie",
  'a_b-c@ex-ample.com',
  ' padded@example.com ',
  `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
];
const REFUSED = [
  'x@y',
  'x y@z.com',
  'a,b@c.de',
  'a@b.c@d.e',
  'x@.com',
  'x@-y.com',
  'x@y-.com',
  '<x@y.com>',
  'x@y.com\r\nBcc: z@w.com',
  'ana@españa.es',
  '"quoted"@example.com',
  'x@[127.0.0.1]',
  `${'a'.repeat(320)}@x.co`,
];

describe('e-mail rule of every form', () => {
  it.each(Object.entries(EMAIL_FIELDS))('%s accepts the same addresses', (_form, rule) => {
    for (const address of ACCEPTED)
      expect({ address, message: rule(address, {}) }).toEqual({ address, message: undefined });
  });

  it.each(Object.entries(EMAIL_FIELDS))('%s refuses the same addresses', (_form, rule) => {
    for (const address of REFUSED)
      expect({ address, refused: typeof rule(address, {}) }).toEqual({ address, refused: 'string' });
  });
});
