import type { VerifyEmailResult } from '@shared/api/account';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { requestJson } from '../../session/http';
import { AuthCard, AuthLoading } from '../components/auth-card';
import { EARLIER_REQUESTS, VERIFICATION } from '../messages';
import { PATHS } from '@shared/paths';

// A link works once: remember each answer so a second effect run (or a re-render) never spends it twice.
const checks = new Map<string, Promise<VerifyEmailResult | null>>();

/**
 * Sent with this browser's cookies: in the browser that signed up, the sign-up's cookie also adds
 * the requests sent earlier with the address to the account (`earlier_leads_confirmed`).
 */
function verify(uidb64: string, token: string): Promise<VerifyEmailResult | null> {
  const key = `${uidb64}/${token}`;
  let check = checks.get(key);
  if (!check) {
    check = requestJson<VerifyEmailResult>(
      `/users/verify-email/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
    )
      .then((r) => (r.success === true ? r : null))
      .catch(() => null);
    checks.set(key, check);
  }
  return check;
}

export function VerifyEmailPage() {
  const { uidb64 = '', token = '' } = useParams();
  const [result, setResult] = useState<VerifyEmailResult | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void verify(uidb64, token).then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, [uidb64, token]);

  if (result === undefined) return <AuthLoading />;
  return result ? (
    <AuthCard title={VERIFICATION.success} lead={VERIFICATION.successBody}>
      <div className="auth__icon auth__icon--ok" aria-hidden="true">
        ✓
      </div>
      <p className="muted">
        {result.earlier_leads_confirmed ? EARLIER_REQUESTS.claimedOnVerify : EARLIER_REQUESTS.notClaimedOnVerify}
      </p>
      <Link to={PATHS.login} className="button button--block">
        Iniciar sesión
      </Link>
    </AuthCard>
  ) : (
    <AuthCard title={VERIFICATION.failure} lead={VERIFICATION.failureBody}>
      <div className="auth__icon auth__icon--fail" aria-hidden="true">
        !
      </div>
      <Link to={PATHS.signUp} className="button button--block">
        Crear cuenta
      </Link>
    </AuthCard>
  );
}
