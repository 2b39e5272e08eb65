import { Button, Grid, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin, useNotify } from 'react-admin';
import { ADMIN_SIGN_UP_MESSAGES as M, ADMIN_SIGN_UP_RULES } from '@shared/rules/account';
import { validateForm } from '@shared/rules/form';
import { AuthCard } from './AuthCard';
import { bindField } from './fields';
import { accessToken } from './tokens';
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
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!signedIn && !setupToken) {
    return (
      <AuthCard title="Create an admin" error="Only a signed-in admin can create another admin.">
        <Button component={Link} to="/login" variant="contained" fullWidth>
          Sign in
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
        setError(body.message ?? body.error ?? 'An unexpected error occurred. Please try again.');
        return;
      }
      if (signedIn) {
        notify(`Admin ${values.email.trim()} created.`, { type: 'success' });
        void navigate('/users');
        return;
      }
      try {
        await login({ username: values.email.trim(), password: values.password });
      } catch (err) {
        setError(`Error during login: ${(err as Error).message}`);
      }
    } catch (err) {
      setError(`Error: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof EMPTY) => bindField(name, values, setValues, errors);
  return (
    <AuthCard
      title="Create an admin"
      error={error}
      links={[{ to: signedIn ? '/' : '/login', label: signedIn ? 'Back to the back-office' : 'Back to sign in' }]}
    >
      {!signedIn && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          You are setting up the first administrator account.
        </Typography>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="First name" required {...field('first_name')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Last name" required {...field('last_name')} />
          </Grid>
        </Grid>
        <TextField label="Email" type="email" required {...field('email')} />
        <TextField
          label="Phone"
          type="tel"
          required
          {...field('phone')}
          helperText={errors.phone ?? (values.phone.trim() ? ' ' : M.phoneRequired)}
        />
        <TextField label="Password" type="password" autoComplete="new-password" required {...field('password')} />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...field('confirm_password')}
        />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={busy || !values.phone.trim()}>
          {busy ? 'Processing...' : 'Create admin'}
        </Button>
      </form>
    </AuthCard>
  );
}
