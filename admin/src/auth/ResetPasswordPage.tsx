import { Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RESET_PASSWORD_RULES } from '@shared/rules/account';
import { validateForm } from '@shared/rules/form';
import { AuthCard } from './AuthCard';
import { postWithCsrf } from './csrf';
import { bindField } from './fields';

type Phase = 'checking' | 'invalid' | 'form' | 'done';

/** The e-mailed link: checked on load, then a new password twice. */
export function ResetPasswordPage() {
  const { uidb64, token } = useParams();
  const navigate = useNavigate();
  const url = `/api/users/reset/${encodeURIComponent(uidb64 ?? '')}/${encodeURIComponent(token ?? '')}/`;
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
          setMessage(body.message ?? 'Failed to validate token');
          setPhase('invalid');
        }
      })
      .catch(() => {
        setMessage('An unexpected error occurred.');
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
        setMessage(String(body.message ?? 'Your password has been reset.'));
        setPhase('done');
      } else setMessage(String(body.message ?? 'Failed to reset password'));
    } catch {
      setMessage('An error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const error = phase === 'done' ? null : message;
  return (
    <AuthCard title="Reset password" error={error} success={phase === 'done' ? message : null}>
      {phase === 'checking' && <CircularProgress sx={{ display: 'block', mx: 'auto' }} />}
      {phase === 'form' && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            {...bindField('password', values, setValues, errors)}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...bindField('confirm_password', values, setValues, errors)}
          />
          <Stack direction="row" spacing={1}>
            <Button component={Link} to="/login" fullWidth>
              Cancel
            </Button>
            <Button type="submit" variant="contained" fullWidth disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
          </Stack>
        </form>
      )}
      {phase === 'done' && (
        <Button variant="contained" fullWidth onClick={() => void navigate('/login')}>
          Go to sign in
        </Button>
      )}
      {phase === 'invalid' && (
        <Button component={Link} to="/forgot-password" fullWidth>
          Request a new link
        </Button>
      )}
    </AuthCard>
  );
}
