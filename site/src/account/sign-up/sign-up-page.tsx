import { UI } from '@shared/ui';
import { LIMITS } from '@shared/limits';
import { SIGN_UP_RULES } from '@shared/rules/account';
import type { ActionResult } from '@shared/api/account';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextField } from '../../components/ui/field';
import { requestJson } from '../../session/http';
import { AuthCard, AuthLoading } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { ruleOf } from '../components/rhf';
import { useSignedInRedirect } from '../components/use-signed-in-redirect';
import { PATHS } from '@shared/paths';
import { signUpErrorMessage } from './sign-up-error';
import { VerifyModal } from './verify-modal';

interface SignUpValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
}

const EMPTY: SignUpValues = { first_name: '', last_name: '', email: '', phone: '', password: '', confirm_password: '' };
const rule = (name: keyof SignUpValues) => ruleOf<SignUpValues>(SIGN_UP_RULES, name);

export function SignUpPage() {
  const hidden = useSignedInRedirect();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<SignUpValues>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ confirm_password: _confirm, ...values }) => {
    setError(null);
    try {
      await requestJson<ActionResult>('/users/sign-up/', {
        method: 'POST',
        body: { ...values, email: values.email.trim(), is_superuser: false },
      });
      setSentTo(values.email.trim());
    } catch (e) {
      setError(signUpErrorMessage(e));
    }
  });

  if (hidden) return <AuthLoading />;
  return (
    <AuthCard
      title="Crea tu cuenta"
      lead="Regístrate en un minuto y accede a tarifas exclusivas para miembros."
      aside={
        <>
          <p className="auth__badge">Nuevos miembros</p>
          <p className="auth__offer">
            Hasta <strong>40% OFF</strong> en tu próximo viaje
          </p>
          <ul className="auth__perks">
            <li>Resorts y hoteles en el Caribe y Estados Unidos</li>
            <li>Un asesor te acompaña en cada paso</li>
            <li>Soporte 24/7</li>
          </ul>
        </>
      }
    >
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="auth__pair">
          <TextField
            label="Nombre"
            autoComplete="given-name"
            required
            maxLength={LIMITS.profileName.max + 10}
            error={errors.first_name?.message}
            {...register('first_name', rule('first_name'))}
          />
          <TextField
            label="Apellido"
            autoComplete="family-name"
            required
            maxLength={LIMITS.profileName.max + 10}
            error={errors.last_name?.message}
            {...register('last_name', rule('last_name'))}
          />
        </div>
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          required
          maxLength={UI.loginInputMaxLength}
          error={errors.email?.message}
          {...register('email', rule('email'))}
        />
        <TextField
          label="Teléfono"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          maxLength={20}
          error={errors.phone?.message}
          {...register('phone', rule('phone'))}
        />
        <TextField
          label="Contraseña"
          type="password"
          autoComplete="new-password"
          required
          maxLength={UI.loginInputMaxLength}
          hint={<small className="field__hint">Al menos {LIMITS.password.min} caracteres.</small>}
          error={errors.password?.message}
          {...register('password', rule('password'))}
        />
        <TextField
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          required
          maxLength={UI.loginInputMaxLength}
          error={errors.confirm_password?.message}
          {...register('confirm_password', rule('confirm_password'))}
        />
        <FormAlert tone="error">{error}</FormAlert>
        <button type="submit" className="button button--block" disabled={isSubmitting}>
          {isSubmitting ? 'Creando cuenta...' : 'Crear cuenta'}
        </button>
      </form>
      <p className="auth__switch">
        ¿Ya tienes una cuenta? <Link to={PATHS.login}>Inicia sesión</Link>
      </p>
      <VerifyModal
        email={sentTo}
        onClose={() => {
          setSentTo(null);
          reset(EMPTY);
        }}
      />
    </AuthCard>
  );
}
