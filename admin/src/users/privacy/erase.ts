import { PRIVACY_MESSAGES, type EraseResult } from '@shared/api/privacy';
import { isEmail } from '@shared/rules/primitives';

export type EraseStep =
  { step: 'form' } | { step: 'confirm'; email: string } | { step: 'done'; email: string; result: EraseResult };

/** The catalogue key of what is wrong with the typed address, or null when it can be erased. */
export function emailProblem(value: string): string | null {
  if (!value.trim()) return 'app.privacy.email_required';
  return isEmail(value) ? null : 'app.privacy.email_invalid';
}

/** The counts as the dialog lists them: catalogue key and number, in a fixed order. */
export function resultLines(result: EraseResult): Array<{ key: string; count: number }> {
  return [
    { key: 'app.privacy.count_accounts', count: result.accounts },
    { key: 'app.privacy.count_leads', count: result.leads },
    { key: 'app.privacy.count_contact_messages', count: result.contact_messages },
  ];
}

/** The server's refusals the dialog can meet, as catalogue keys (the server words them in Spanish). */
const SERVER_REFUSALS: Record<string, string> = {
  [PRIVACY_MESSAGES.eraseSelf]: 'app.privacy.erase_self',
  [PRIVACY_MESSAGES.lastAdmin]: 'app.privacy.last_admin',
  [PRIVACY_MESSAGES.emailRequired]: 'app.privacy.email_required',
  [PRIVACY_MESSAGES.emailInvalid]: 'app.privacy.email_invalid',
};

/** The catalogue key of a failed erasure (the server's message, or a general one). */
export const failureKey = (message: string | undefined): string =>
  (message && SERVER_REFUSALS[message]) || 'app.privacy.failed';
