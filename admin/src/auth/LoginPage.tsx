import { Button, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLogin } from 'react-admin';
import { ADMIN_ROUTES } from '@shared/paths';
import { UI } from '@shared/ui';
import { ADMIN_LOGIN_MESSAGES as M } from '@shared/rules/account-messages';
import { validateForm } from '@shared/rules/form';
import { AuthCard } from './AuthCard';
import { clearLoginNotice, readLoginNotice } from './loginNotice';
import { bindField } from './fields';
import { SIGN_IN_RULES } from './signInRules';
import { useAuthText } from './useAuthText';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn';

export function LoginPage() {
  useRedirectIfSignedIn();
  const login = useLogin();
  const { translate, show, showErrors } = useAuthText();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(readLoginNotice);
  useEffect(clearLoginNotice, []);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateForm(SIGN_IN_RULES, values);
    const missing = !values.email.trim() || !values.password;
    // Per-field 'is required' texts, and the form-level message the spec gives.
    if (!values.email.trim()) found.email = M.emailRequired;
    if (!values.password) found.password = M.passwordRequired;
    setErrors(found);
    setError(missing ? M.required : null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await login({ username: values.email.trim(), password: values.password });
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  const field = (name: 'email' | 'password') => bindField(name, values, setValues, showErrors(errors));
  return (
    <AuthCard
      title={translate('app.auth.login.title')}
      error={error && show(error)}
      links={[
        { to: ADMIN_ROUTES.forgotPassword, label: translate('app.auth.login.forgot') },
        { to: ADMIN_ROUTES.signUp, label: translate('app.auth.login.create') },
      ]}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={translate('app.auth.email')}
          type="email"
          autoComplete="username"
          autoFocus
          {...field('email')}
          slotProps={{ htmlInput: { maxLength: UI.loginInputMaxLength } }}
        />
        <TextField
          label={translate('app.auth.password')}
          type="password"
          autoComplete="current-password"
          {...field('password')}
          slotProps={{ htmlInput: { maxLength: UI.loginInputMaxLength } }}
        />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={busy}>
          {translate(busy ? 'app.auth.login.submitting' : 'app.auth.login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
