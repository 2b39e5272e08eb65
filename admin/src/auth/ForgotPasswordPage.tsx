import { Button, TextField } from '@mui/material';
import { useState } from 'react';
import { ADMIN_ROUTES } from '@shared/paths';
import { validateForm } from '@shared/rules/form';
import { AuthCard } from './AuthCard';
import { postWithCsrf } from './csrf';
import { bindField } from './fields';
import { FORGOT_RULES } from './signInRules';
import { useAuthText } from './useAuthText';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn';

export function ForgotPasswordPage() {
  useRedirectIfSignedIn();
  const { translate, show, showErrors } = useAuthText();
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
      // A server message, or the key of the page's own text; both are shown in the current language.
      if (ok && body.success !== false) setDone(String(body.message ?? 'app.auth.forgot.done'));
      else setError(String(body.message ?? body.error ?? 'app.auth.forgot.failed'));
    } catch (err) {
      setError(translate('app.auth.error', { message: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={translate('app.auth.forgot.title')}
      error={error && show(error)}
      success={done && show(done)}
      links={[{ to: ADMIN_ROUTES.login, label: translate('app.auth.back_to_sign_in') }]}
    >
      {!done && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label={translate('app.auth.email')}
            type="email"
            autoFocus
            {...bindField('email', values, setValues, showErrors(errors))}
          />
          <Button type="submit" variant="contained" fullWidth size="large" disabled={busy}>
            {translate(busy ? 'app.auth.processing' : 'app.auth.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
