import type { UserProfile } from '@shared/api/account';
import { PROFILE_RULES } from '@shared/rules/account';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField, TextField } from '../../components/ui/field';
import { PRIVACY } from '../../config/privacy';
import { Modal } from '../../components/ui/modal';
import { authRequest } from '../../session/session-store';
import { FormAlert } from '../components/form-alert';
import { ruleOf } from '../components/rhf';
import { PROFILE_ERRORS } from '../messages';

interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  marketing_opt_in: boolean;
}

/** Names may be typed a little past their limit so the rule's message shows instead of a silent stop. */
const NAME_INPUT_MAX = 40;
const rule = <N extends keyof ProfileValues>(name: N) => ruleOf<ProfileValues, N>(PROFILE_RULES, name);
const valuesOf = (p: UserProfile): ProfileValues => ({
  first_name: p.first_name,
  last_name: p.last_name,
  email: p.email,
  phone: p.phone ?? '',
  marketing_opt_in: p.marketing_opt_in ?? false,
});

interface Props {
  open: boolean;
  profile: UserProfile;
  onClose: () => void;
  onSaved: (profile: UserProfile) => void;
}

export function EditProfileModal({ open, profile, onClose, onSaved }: Props) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<ProfileValues>({ defaultValues: valuesOf(profile) });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) {
      reset(valuesOf(profile));
      setError(null);
    }
  }, [open, profile, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await authRequest<UserProfile>(`/users/user/${profile.id}/`, {
        method: 'PUT',
        body: { ...values, first_name: values.first_name.trim(), last_name: values.last_name.trim() },
      });
      onSaved(saved);
    } catch {
      setError(PROFILE_ERRORS.save);
    }
  });

  const phone = register('phone', rule('phone'));
  return (
    <Modal open={open} onClose={onClose} title="Edit User Data">
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          label="First name"
          autoComplete="given-name"
          required
          maxLength={NAME_INPUT_MAX}
          error={errors.first_name?.message}
          {...register('first_name', rule('first_name'))}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          required
          maxLength={NAME_INPUT_MAX}
          error={errors.last_name?.message}
          {...register('last_name', rule('last_name'))}
        />
        <TextField
          label="Email"
          type="email"
          readOnly
          error={errors.email?.message}
          {...register('email', rule('email'))}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={32}
          error={errors.phone?.message}
          {...phone}
          onChange={(e) => {
            // Digits only: anything else is dropped as it is typed or pasted.
            e.target.value = e.target.value.replace(/\D/g, '');
            void phone.onChange(e);
          }}
        />
        <CheckboxField label={PRIVACY.marketingLabel} {...register('marketing_opt_in')} />
        <FormAlert tone="error">{error}</FormAlert>
        <div className="auth__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
