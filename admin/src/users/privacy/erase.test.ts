import { describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '@shared/api/privacy';
import { emailProblem, failureKey, resultLines } from './erase';

describe('erase a person', () => {
  it('asks for an address, and a valid one', () => {
    expect(emailProblem('')).toBe('app.privacy.email_required');
    expect(emailProblem('   ')).toBe('app.privacy.email_required');
    expect(emailProblem('ana@')).toBe('app.privacy.email_invalid');
    expect(emailProblem(' ana@example.com ')).toBeNull();
  });

  it('lists what was changed: accounts, leads, contact messages', () => {
    expect(resultLines({ accounts: 1, leads: 3, contact_messages: 0 })).toEqual([
      { key: 'app.privacy.count_accounts', count: 1 },
      { key: 'app.privacy.count_leads', count: 3 },
      { key: 'app.privacy.count_contact_messages', count: 0 },
    ]);
  });

  it("names the server's refusals in the back-office's language, anything else as a general failure", () => {
    expect(failureKey(PRIVACY_MESSAGES.eraseSelf)).toBe('app.privacy.erase_self');
    expect(failureKey(PRIVACY_MESSAGES.lastAdmin)).toBe('app.privacy.last_admin');
    expect(failureKey('Service Unavailable')).toBe('app.privacy.failed');
    expect(failureKey(undefined)).toBe('app.privacy.failed');
  });
});
