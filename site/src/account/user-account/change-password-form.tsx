import { UI } from '@shared/ui';
import { CHANGE_PASSWORD_RULES, RESET_PASSWORD_RULES } from '@shared/rules/account';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../components/ui/field';
import { changePassword } from '../../session/actions';
import { ApiError } from '../../session/http';
import { FormAlert } from '../components/form-alert';
import { ruleOf } from '../components/rhf';
import { PROFILE_ERRORS } from '../messages';

interface ChangeValues {
  current_password: string;
  password: string;
  confirm_password: string;
}

const EMPTY: ChangeValues = { current_password: '', password: '', confirm_password: '' };
/** The new password follows the change-password rule; its confirmation the reset form's. */
const RULES = {
  current_password: CHANGE_PASSWORD_RULES.current_password,
  password: CHANGE_PASSWORD_RULES.new_password,
  confirm_password: RESET_PASSWORD_RULES.confirm_password,
};
const rule = (name: keyof ChangeValues) => ruleOf<ChangeValues>(RULES, name);

export function ChangePasswordForm() {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState,
  } = useForm<ChangeValues>({
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ current_password, password }) => {
    setError(null);
    setDone(null);
    try {
      const result = await changePassword({ current_password, new_password: password });
      reset(EMPTY);
      setDone(result.message);
    } catch (e) {
      const fields = e instanceof ApiError ? e.body?.errors : undefined;
      if (fields?.current_password) setFieldError('current_password', { message: fields.current_password });
      else if (fields?.new_password) setFieldError('password', { message: fields.new_password });
      else setError((e instanceof ApiError && e.body?.error) || PROFILE_ERRORS.save);
    }
  });

  const passwordField = (name: keyof ChangeValues, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      maxLength={UI.loginInputMaxLength}
      error={errors[name]?.message}
      {...register(name, rule(name))}
    />
  );
  return (
    <form className="auth__form account__narrow" noValidate onSubmit={(e) => void onSubmit(e)}>
      {passwordField('current_password', 'Contraseña actual', 'current-password')}
      {passwordField('password', 'Nueva contraseña', 'new-password')}
      {passwordField('confirm_password', 'Confirmar nueva contraseña', 'new-password')}
      <FormAlert tone="success">{done}</FormAlert>
      <FormAlert tone="error">{error}</FormAlert>
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Cambiar contraseña'}
      </button>
    </form>
  );
}
