import type { ActionResult, EarlierLeadsStatus } from '@shared/api/account';
import { useEffect, useState } from 'react';
import { ApiError } from '../../session/http';
import { authRequest } from '../../session/session-store';
import { FormAlert } from '../components/form-alert';
import { EARLIER_REQUESTS } from '../messages';

/**
 * "Confirm your earlier requests": shown while the requests sent with this address before the
 * account was verified are not the account's (the verification link was opened in another browser
 * than the one that signed up). The e-mailed link works in this browser only.
 */
export function EarlierRequests() {
  const [confirmed, setConfirmed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    authRequest<EarlierLeadsStatus>('/users/earlier-leads/')
      .then((s) => live && setConfirmed(s.confirmed))
      .catch(() => live && setConfirmed(null));
    return () => {
      live = false;
    };
  }, []);

  const ask = async () => {
    setBusy(true);
    setError(null);
    try {
      await authRequest<ActionResult>('/users/earlier-leads/', { method: 'POST' });
      setSent(true);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 429 ? (e.body?.error ?? null) : EARLIER_REQUESTS.requestFailed);
    } finally {
      setBusy(false);
    }
  };

  if (confirmed !== false) return null;
  return (
    <section className="account__section" aria-labelledby="earlier-title">
      <h2 id="earlier-title" className="account__subtitle">
        {EARLIER_REQUESTS.title}
      </h2>
      <p className="muted">{EARLIER_REQUESTS.body}</p>
      {sent ? (
        <FormAlert tone="success">{EARLIER_REQUESTS.sent}</FormAlert>
      ) : (
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void ask()}>
          {busy ? EARLIER_REQUESTS.sending : EARLIER_REQUESTS.button}
        </button>
      )}
      <FormAlert tone="error">{error}</FormAlert>
    </section>
  );
}
