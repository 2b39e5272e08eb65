import { ADMIN_LEAD_MESSAGES } from '../../shared/rules/admin-lead';
import { normalizeEmail, normalizePhone } from '../../shared/rules/primitives';

/** What tells a lead's person: the e-mail, the phone and the last name as stored. */
export interface PersonOfLead {
  email: string;
  phone: string | null;
  last_name: string;
}

export type SamePersonVerdict = { same: true; by: 'email' | 'phone_and_last_name' } | { same: false; message: string };

/** A last name compared trimmed, without case or accents ("  Muñoz" and "MUNOZ" are one name). */
export function normalizeLastName(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Are two leads the same person? The same e-mail (trimmed, without case), or the same phone
 * digits and the same last name (see normalizeLastName). An empty phone or last name matches
 * nothing, so anonymised leads are nobody's. The one rule of the merge and of the desk's merge
 * suggestion; anything else is two people, whose leads can only be linked as related.
 */
export function samePerson(a: PersonOfLead, b: PersonOfLead): SamePersonVerdict {
  const emailA = normalizeEmail(a.email);
  if (emailA !== '' && emailA === normalizeEmail(b.email)) return { same: true, by: 'email' };
  const phoneA = normalizePhone(a.phone ?? '');
  const phoneB = normalizePhone(b.phone ?? '');
  const nameA = normalizeLastName(a.last_name);
  const nameB = normalizeLastName(b.last_name);
  const samePhone = !!phoneA && phoneA === phoneB;
  const sameName = nameA !== '' && nameA === nameB;
  if (samePhone && sameName) return { same: true, by: 'phone_and_last_name' };
  const M = ADMIN_LEAD_MESSAGES;
  let message: string;
  if (!phoneA || !phoneB) message = M.otherPersonNoPhone;
  else if (!samePhone && !sameName) message = M.otherPersonPhoneAndName;
  else if (!samePhone) message = M.otherPersonPhone;
  else message = M.otherPersonName;
  return { same: false, message };
}
