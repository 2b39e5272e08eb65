import type { SignInLinkResult } from '@shared/api/account';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { requestJson } from '../../session/http';
import { AuthCard, AuthLoading } from '../components/auth-card';
import { SIGN_IN_LINK } from '../messages';
import { ADMIN_ROUTES, adminPath, PATHS } from '@shared/paths';

// A link works once: remember each answer so a second effect run (or a re-render) never spends it twice.
const opened = new Map<string, Promise<SignInLinkResult | null>>();

function openLink(uidb64: string, token: string): Promise<SignInLinkResult | null> {
  const key = `${uidb64}/${token}`;
  let call = opened.get(key);
  if (!call) {
    call = requestJson<SignInLinkResult>(
      `/users/sign-in-link/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
      { method: 'POST' },
    )
      .then((r) => (r.success === true ? r : null))
      .catch(() => null);
    opened.set(key, call);
  }
  return call;
}

/**
 * The e-mailed sign-in link of an account closed to new devices after many failed logins: opening
 * it here lets this device sign in with the password (the site's login, or the back-office's).
 */
export function SignInLinkPage() {
  const { uidb64 = '', token = '' } = useParams();
  const [result, setResult] = useState<SignInLinkResult | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void openLink(uidb64, token).then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, [uidb64, token]);

  if (result === undefined) return <AuthLoading />;
  if (!result) {
    return (
      <AuthCard title={SIGN_IN_LINK.failedTitle} lead={SIGN_IN_LINK.failedBody}>
        <div className="auth__icon auth__icon--fail" aria-hidden="true">
          !
        </div>
        <Link to={PATHS.login} className="button button--block">
          {SIGN_IN_LINK.login}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={SIGN_IN_LINK.doneTitle} lead={SIGN_IN_LINK.doneBody}>
      <div className="auth__icon auth__icon--ok" aria-hidden="true">
        ✓
      </div>
      {result.is_admin ? (
        // The back-office is another application: a full navigation.
        <a href={adminPath(ADMIN_ROUTES.login)} className="button button--block">
          {SIGN_IN_LINK.login}
        </a>
      ) : (
        <Link to={PATHS.login} className="button button--block">
          {SIGN_IN_LINK.login}
        </Link>
      )}
    </AuthCard>
  );
}
