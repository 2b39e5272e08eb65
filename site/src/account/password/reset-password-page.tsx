import { UI } from '@shared/ui';
import type { ActionResult } from '@shared/api/account';
import { RESET_PASSWORD_RULES } from '@shared/rules/account';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { TextField } from '../../components/ui/field';
import { ApiError, requestJson } from '../../session/http';
import { AuthCard, AuthLoading } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { ruleOf } from '../components/rhf';
import { RESET_ERRORS } from '../messages';
import { PATHS, resetPasswordApiPath } from '@shared/paths';
import { csrfHeaders } from '@session/csrf';

interface ResetValues {
  password: string;
  confirm_password: string;
}

type LinkState = { status: 'checking' } | { status: 'valid' } | { status: 'invalid'; message: string };

const failure = (e: unknown, known: string, unexpected: string) =>
  e instanceof ApiError ? (e.body?.error ?? known) : unexpected;

export function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const path = resetPasswordApiPath(uidb64, token);
  const [link, setLink] = useState<LinkState>({ status: 'checking' });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ResetValues>({
    defaultValues: { password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    let live = true;
    // The check also sets the csrftoken cookie that the save needs.
    requestJson<ActionResult>(path, { credentials: 'include' })
      .then(() => live && setLink({ status: 'valid' }))
      .catch(
        (e: unknown) =>
          live &&
          setLink({
            status: 'invalid',
            message: e instanceof ApiError ? RESET_ERRORS.validate : RESET_ERRORS.validateUnexpected,
          }),
      );
    return () => {
      live = false;
    };
  }, [path]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const result = await requestJson<ActionResult>(path, {
        method: 'POST',
        body: { password },
        headers: await csrfHeaders(),
        credentials: 'include',
      });
      setDone(result.message);
    } catch (e) {
      setError(failure(e, RESET_ERRORS.save, RESET_ERRORS.saveUnexpected));
    }
  });

  if (link.status === 'checking') return <AuthLoading />;
  if (done) {
    return (
      <AuthCard title="Contraseña actualizada" lead={done}>
        <Link to={PATHS.login} className="button button--block">
          Ir a iniciar sesión
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Restablecer contraseña" lead={link.status === 'valid' ? 'Elige una nueva contraseña.' : undefined}>
      {link.status === 'invalid' ? (
        <>
          <FormAlert tone="error">{link.message}</FormAlert>
          <p className="muted">El enlace no es válido o ya expiró. Puedes pedir uno nuevo.</p>
          <Link to={PATHS.forgotPassword} className="button button--block button--ghost">
            Solicitar un nuevo enlace
          </Link>
        </>
      ) : (
        <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <TextField
            label="Nueva contraseña"
            type="password"
            autoComplete="new-password"
            required
            maxLength={UI.loginInputMaxLength}
            error={errors.password?.message}
            {...register('password', ruleOf<ResetValues>(RESET_PASSWORD_RULES, 'password'))}
          />
          <TextField
            label="Confirmar contraseña"
            type="password"
            autoComplete="new-password"
            required
            maxLength={UI.loginInputMaxLength}
            error={errors.confirm_password?.message}
            {...register('confirm_password', ruleOf<ResetValues>(RESET_PASSWORD_RULES, 'confirm_password'))}
          />
          <FormAlert tone="error">{error}</FormAlert>
          <div className="auth__actions">
            <Link to="/" className="button button--ghost">
              Cancelar
            </Link>
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? 'Guardando...' : 'Guardar'}
            </button>
          </div>
        </form>
      )}
    </AuthCard>
  );
}
