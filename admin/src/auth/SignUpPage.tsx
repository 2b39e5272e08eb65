import { Button, Grid, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin, useNotify } from 'react-admin';
import { ADMIN_ROUTES } from '@shared/paths';
import { ADMIN_SIGN_UP_MESSAGES as M, ADMIN_SIGN_UP_RULES } from '@shared/rules/account';
import { validateForm } from '@shared/rules/form';
import { AuthCard } from './AuthCard';
import { bindField } from './fields';
import { AUTH_MESSAGES } from '../i18n/authMessages';
import { accessToken } from './tokens';
import { useAuthText } from './useAuthText';
import { isSignedInAdmin } from './useRedirectIfSignedIn';

/** The query parameter of the one-time set-up link the server logs while no admin exists. */
export const SETUP_PARAM = 'setup';
const EMPTY = { first_name: '', last_name: '', email: '', phone: '', password: '', confirm_password: '' };

/**
 * Creating an admin: by a signed-in admin, or (the very first one) through the set-up link
 * printed in the server log. The first admin is signed in at once.
 */
export function SignUpPage() {
  const [params] = useSearchParams();
  const setupToken = params.get(SETUP_PARAM);
  const signedIn = isSignedInAdmin();
  const login = useLogin();
  const notify = useNotify();
  const navigate = useNavigate();
  const { translate, show, showErrors } = useAuthText();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!signedIn && !setupToken) {
    return (
      <AuthCard title={translate('app.auth.sign_up.title')} error={translate('app.auth.sign_up.only_admins')}>
        <Button component={Link} to={ADMIN_ROUTES.login} variant="contained" fullWidth>
          {translate('app.auth.sign_up.sign_in')}
        </Button>
      </AuthCard>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateForm(ADMIN_SIGN_UP_RULES, values);
    // The phone is asked for by the button and its hint, not by the 'fill out all fields' check.
    const missing = Object.entries(values).filter(([name, v]) => name !== 'phone' && !v.trim());
    const perField: Record<string, string> = {
      first_name: M.firstNameRequired,
      last_name: M.lastNameRequired,
      email: M.emailRequired,
      password: M.passwordRequired,
      confirm_password: M.confirmRequired,
    };
    for (const [name] of missing) found[name] = perField[name];
    setErrors(found);
    setError(missing.length ? M.required : null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const token = signedIn ? await accessToken() : null;
      const res = await fetch('/api/users/admin/sign-up/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          email: values.email.trim(),
          phone: values.phone.trim(),
          password: values.password,
          is_superuser: true,
          ...(signedIn ? {} : { setup_token: setupToken }),
        }),
      });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) {
        setErrors(body.errors ?? {});
        setError(body.message ?? body.error ?? AUTH_MESSAGES.unexpected);
        return;
      }
      if (signedIn) {
        notify('app.auth.sign_up.created', { type: 'success', messageArgs: { email: values.email.trim() } });
        void navigate('/users');
        return;
      }
      try {
        await login({ username: values.email.trim(), password: values.password });
      } catch (err) {
        setError(translate('app.auth.sign_up.login_failed', { message: show((err as Error).message) }));
      }
    } catch (err) {
      setError(translate('app.auth.error', { message: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof EMPTY) => bindField(name, values, setValues, showErrors(errors));
  return (
    <AuthCard
      title={translate('app.auth.sign_up.title')}
      error={error && show(error)}
      links={[
        {
          to: signedIn ? '/' : ADMIN_ROUTES.login,
          label: translate(signedIn ? 'app.auth.sign_up.back_office' : 'app.auth.back_to_sign_in'),
        },
      ]}
    >
      {!signedIn && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.auth.sign_up.first_admin')}
        </Typography>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={translate('app.auth.sign_up.first_name')} required {...field('first_name')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={translate('app.auth.sign_up.last_name')} required {...field('last_name')} />
          </Grid>
        </Grid>
        <TextField label={translate('app.auth.email')} type="email" required {...field('email')} />
        <TextField
          label={translate('app.auth.sign_up.phone')}
          type="tel"
          required
          {...field('phone')}
          helperText={errors.phone ? show(errors.phone) : values.phone.trim() ? ' ' : show(M.phoneRequired)}
        />
        <TextField
          label={translate('app.auth.password')}
          type="password"
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <TextField
          label={translate('app.auth.confirm_password')}
          type="password"
          autoComplete="new-password"
          required
          {...field('confirm_password')}
        />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={busy || !values.phone.trim()}>
          {translate(busy ? 'app.auth.processing' : 'app.auth.sign_up.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
