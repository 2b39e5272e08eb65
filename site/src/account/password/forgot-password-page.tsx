import { UI } from '@shared/ui';
import type { ActionResult } from '@shared/api/account';
import { FORGOT_PASSWORD_RULES } from '@shared/rules/account';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextField } from '../../components/ui/field';
import { ApiError, requestJson } from '../../session/http';
import { AuthCard, AuthLoading } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { ruleOf } from '../components/rhf';
import { useSignedInRedirect } from '../components/use-signed-in-redirect';
import { RESET_ERRORS } from '../messages';
import { PATHS } from '@shared/paths';
import { csrfHeaders } from '@session/csrf';

interface ForgotValues {
  email: string;
}

export function ForgotPasswordPage() {
  const hidden = useSignedInRedirect();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotValues>({ defaultValues: { email: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const result = await requestJson<ActionResult>('/users/reset_password/', {
        method: 'POST',
        body: { email: email.trim() },
        headers: await csrfHeaders(),
        credentials: 'include',
      });
      setDone(result.message);
    } catch (e) {
      setError((e instanceof ApiError && e.body?.error) || RESET_ERRORS.request);
    }
  });

  if (hidden) return <AuthLoading />;
  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      lead="Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva."
    >
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {!done && (
          <TextField
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            maxLength={UI.loginInputMaxLength}
            error={errors.email?.message}
            {...register('email', ruleOf<ForgotValues>(FORGOT_PASSWORD_RULES, 'email'))}
          />
        )}
        <FormAlert tone="success">{done}</FormAlert>
        <FormAlert tone="error">{error}</FormAlert>
        <button type="submit" className="button button--block" disabled={isSubmitting || !!done}>
          {isSubmitting ? 'Enviando...' : 'Enviar'}
        </button>
      </form>
      <p className="auth__switch">
        <Link to={PATHS.login}>Volver a iniciar sesión</Link>
      </p>
    </AuthCard>
  );
}
