import type { ActionResult } from '@shared/api/account';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { requestJson } from '../../session/http';
import { AuthCard, AuthLoading } from '../components/auth-card';
import { EARLIER_REQUESTS } from '../messages';
import { PATHS } from '@shared/paths';

// A link works once: remember each answer so a second effect run (or a re-render) never spends it twice.
const checks = new Map<string, Promise<boolean>>();

/** Sent with this browser's cookies: the link works only in the browser that asked for it. */
function confirm(uidb64: string, token: string): Promise<boolean> {
  const key = `${uidb64}/${token}`;
  let check = checks.get(key);
  if (!check) {
    check = requestJson<ActionResult>(
      `/users/earlier-leads/confirm/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
      { method: 'POST' },
    )
      .then((r) => r.success === true)
      .catch(() => false);
    checks.set(key, check);
  }
  return check;
}

/** The e-mailed link that adds the requests sent before the account was verified to the account. */
export function ConfirmEarlierPage() {
  const { uidb64 = '', token = '' } = useParams();
  const [result, setResult] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void confirm(uidb64, token).then((ok) => live && setResult(ok));
    return () => {
      live = false;
    };
  }, [uidb64, token]);

  if (result === null) return <AuthLoading />;
  return (
    <AuthCard
      title={result ? EARLIER_REQUESTS.confirmedTitle : EARLIER_REQUESTS.failedTitle}
      lead={result ? EARLIER_REQUESTS.confirmedBody : EARLIER_REQUESTS.failedBody}
    >
      <div className={`auth__icon auth__icon--${result ? 'ok' : 'fail'}`} aria-hidden="true">
        {result ? '✓' : '!'}
      </div>
      <Link to={PATHS.accountLeads} className="button button--block">
        {EARLIER_REQUESTS.toLeads}
      </Link>
    </AuthCard>
  );
}
