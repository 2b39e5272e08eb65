import { Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ADMIN_ROUTES, API_BASE, resetPasswordApiPath } from '@shared/paths';
import { RESET_PASSWORD_RULES } from '@shared/rules/account';
import { validateForm } from '@shared/rules/form';
import { AuthCard } from './AuthCard';
import { postWithCsrf } from './csrf';
import { bindField } from './fields';
import { useAuthText } from './useAuthText';

type Phase = 'checking' | 'invalid' | 'form' | 'done';

/** The e-mailed link: checked on load, then a new password twice. */
export function ResetPasswordPage() {
  const { uidb64, token } = useParams();
  const navigate = useNavigate();
  const { translate, show, showErrors } = useAuthText();
  const url = `${API_BASE}${resetPasswordApiPath(uidb64 ?? '', token ?? '')}`;
  const [phase, setPhase] = useState<Phase>('checking');
  const [values, setValues] = useState({ password: '', confirm_password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(async (res) => {
        const body = await res.json().catch(() => ({}));
        if (res.ok && body.success !== false) setPhase('form');
        else {
          // A server message, or the key of the page's own text; both are shown in the current language.
          setMessage(body.message ?? 'app.auth.reset.check_failed');
          setPhase('invalid');
        }
      })
      .catch(() => {
        setMessage('app.auth.reset.check_error');
        setPhase('invalid');
      });
  }, [url]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateForm(RESET_PASSWORD_RULES, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { ok, body } = await postWithCsrf(url, { password: values.password });
      if (ok && body.success !== false) {
        setMessage(String(body.message ?? 'app.auth.reset.done'));
        setPhase('done');
      } else setMessage(String(body.message ?? 'app.auth.reset.failed'));
    } catch {
      setMessage('app.auth.reset.save_error');
    } finally {
      setBusy(false);
    }
  };

  const shown = message && show(message);
  const field = (name: 'password' | 'confirm_password') => bindField(name, values, setValues, showErrors(errors));
  return (
    <AuthCard
      title={translate('app.auth.reset.title')}
      error={phase === 'done' ? null : shown}
      success={phase === 'done' ? shown : null}
    >
      {phase === 'checking' && <CircularProgress sx={{ display: 'block', mx: 'auto' }} />}
      {phase === 'form' && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label={translate('app.auth.reset.new_password')}
            type="password"
            autoComplete="new-password"
            {...field('password')}
          />
          <TextField
            label={translate('app.auth.confirm_password')}
            type="password"
            autoComplete="new-password"
            {...field('confirm_password')}
          />
          <Stack direction="row" spacing={1}>
            <Button component={Link} to={ADMIN_ROUTES.login} fullWidth>
              {translate('app.auth.reset.cancel')}
            </Button>
            <Button type="submit" variant="contained" fullWidth disabled={busy}>
              {translate(busy ? 'app.auth.reset.saving' : 'app.auth.reset.save')}
            </Button>
          </Stack>
        </form>
      )}
      {phase === 'done' && (
        <Button variant="contained" fullWidth onClick={() => void navigate(ADMIN_ROUTES.login)}>
          {translate('app.auth.reset.go_to_sign_in')}
        </Button>
      )}
      {phase === 'invalid' && (
        <Button component={Link} to={ADMIN_ROUTES.forgotPassword} fullWidth>
          {translate('app.auth.reset.new_link')}
        </Button>
      )}
    </AuthCard>
  );
}
