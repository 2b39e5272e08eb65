import { UI } from '@shared/ui';
import { LOGIN_RULES } from '@shared/rules/account';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../components/ui/field';
import { login } from '../../session/actions';
import { clearNotice } from '../../session/session-store';
import { useSession } from '../../session/use-session';
import { AuthCard, AuthLoading } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { ruleOf } from '../components/rhf';
import { useSignedInRedirect } from '../components/use-signed-in-redirect';
import { PATHS } from '@shared/paths';
import { loginErrorMessage } from './login-error';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  const hidden = useSignedInRedirect();
  const { notice } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    clearNotice();
    try {
      await login(email, password);
      await navigate(PATHS.account, { replace: true });
    } catch (e) {
      setError(loginErrorMessage(e));
    }
  });

  if (hidden) return <AuthLoading />;
  return (
    <AuthCard title="Iniciar sesión" lead="Accede a tu cuenta para ver tus solicitudes y administrar tus datos.">
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormAlert tone="info">{notice}</FormAlert>
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          maxLength={UI.loginInputMaxLength}
          required
          error={errors.email?.message}
          {...register('email', ruleOf<LoginValues>(LOGIN_RULES, 'email'))}
        />
        <TextField
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          maxLength={UI.loginInputMaxLength}
          required
          error={errors.password?.message}
          {...register('password', ruleOf<LoginValues>(LOGIN_RULES, 'password'))}
        />
        <div className="auth__row">
          <Link to={PATHS.forgotPassword}>¿Olvidaste tu contraseña?</Link>
        </div>
        <FormAlert tone="error">{error}</FormAlert>
        <button type="submit" className="button button--block" disabled={isSubmitting}>
          {isSubmitting ? 'Ingresando...' : 'Iniciar sesión'}
        </button>
      </form>
      <p className="auth__switch">
        ¿No tienes una cuenta? <Link to={PATHS.signUp}>Regístrate</Link>
      </p>
    </AuthCard>
  );
}
