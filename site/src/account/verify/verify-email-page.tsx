import type { ActionResult } from '@shared/api/account';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { requestJson } from '../../session/http';
import { AuthCard, AuthLoading } from '../components/auth-card';
import { VERIFICATION } from '../messages';
import { ACCOUNT_PATHS } from '../paths';

// A link works once: remember each answer so a second effect run (or a re-render) never spends it twice.
const checks = new Map<string, Promise<boolean>>();

function verify(uidb64: string, token: string): Promise<boolean> {
  const key = `${uidb64}/${token}`;
  let check = checks.get(key);
  if (!check) {
    check = requestJson<ActionResult>(`/users/verify-email/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`)
      .then((r) => r.success === true)
      .catch(() => false);
    checks.set(key, check);
  }
  return check;
}

export function VerifyEmailPage() {
  const { uidb64 = '', token = '' } = useParams();
  const [result, setResult] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void verify(uidb64, token).then((ok) => live && setResult(ok));
    return () => {
      live = false;
    };
  }, [uidb64, token]);

  if (result === null) return <AuthLoading />;
  return result ? (
    <AuthCard title={VERIFICATION.success} lead={VERIFICATION.successBody}>
      <div className="auth__icon auth__icon--ok" aria-hidden="true">
        ✓
      </div>
      <Link to={ACCOUNT_PATHS.login} className="button button--block">
        Iniciar sesión
      </Link>
    </AuthCard>
  ) : (
    <AuthCard title={VERIFICATION.failure} lead={VERIFICATION.failureBody}>
      <div className="auth__icon auth__icon--fail" aria-hidden="true">
        !
      </div>
      <Link to={ACCOUNT_PATHS.signUp} className="button button--block">
        Crear cuenta
      </Link>
    </AuthCard>
  );
}
