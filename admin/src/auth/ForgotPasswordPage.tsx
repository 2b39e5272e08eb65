import { Button, TextField } from '@mui/material';
import { useState } from 'react';
import { validateForm } from '@shared/rules/form';
import { AuthCard } from './AuthCard';
import { postWithCsrf } from './csrf';
import { bindField } from './fields';
import { FORGOT_RULES } from './signInRules';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn';

export function ForgotPasswordPage() {
  useRedirectIfSignedIn();
  const [values, setValues] = useState({ email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateForm(FORGOT_RULES, values);
    setErrors(found);
    if (found.email) return;
    setBusy(true);
    setError(null);
    try {
      const { ok, body } = await postWithCsrf('/api/users/reset_password/', { email: values.email.trim() });
      if (ok && body.success !== false) setDone(String(body.message ?? 'Check your e-mail for the reset link.'));
      else setError(String(body.message ?? body.error ?? 'Failed to request password reset'));
    } catch (err) {
      setError(`Error: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Forgot password" error={error} success={done} links={[{ to: '/login', label: 'Back to sign in' }]}>
      {!done && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <TextField label="Email" type="email" autoFocus {...bindField('email', values, setValues, errors)} />
          <Button type="submit" variant="contained" fullWidth size="large" disabled={busy}>
            {busy ? 'Processing...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
