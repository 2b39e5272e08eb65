import { DELETE_ACCOUNT_RULES } from '@shared/api/privacy';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { deleteAccount } from '../../session/actions';
import { ApiError } from '../../session/http';
import { FormAlert } from '../components/form-alert';
import { ruleOf } from '../components/rhf';
import { MY_DATA } from '../messages';

interface Props {
  open: boolean;
  userId: number;
  onClose: () => void;
  /** Called just before the session ends, so the page goes home instead of to the login. */
  onLeaving: (leaving: boolean) => void;
}

/** The server's words for a refused deletion (a wrong password), else the site's own. */
export function deleteErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400)
    return error.body?.errors?.password ?? error.body?.message ?? error.body?.error ?? MY_DATA.deleteFailed;
  return MY_DATA.deleteFailed;
}

/** Names what the deletion removes, and asks for the password before doing it. */
export function DeleteAccountModal({ open, userId, onClose, onLeaving }: Props) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<{ password: string }>({
    defaultValues: { password: '' },
  });

  useEffect(() => {
    if (open) {
      reset({ password: '' });
      setError(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    onLeaving(true);
    try {
      await deleteAccount(userId, password);
    } catch (e) {
      onLeaving(false);
      setError(deleteErrorText(e));
    }
  });

  return (
    <Modal open={open} onClose={onClose} title={MY_DATA.deleteTitle}>
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="delete-account__what">
          <p>{MY_DATA.deleteIntro}</p>
          <ul>
            {MY_DATA.deleteWhat.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <TextField
          label={MY_DATA.password}
          type="password"
          autoComplete="current-password"
          required
          error={formState.errors.password?.message}
          {...register('password', ruleOf<{ password: string }>(DELETE_ACCOUNT_RULES, 'password'))}
        />
        <FormAlert tone="error">{error}</FormAlert>
        <div className="auth__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {MY_DATA.cancel}
          </button>
          <button type="submit" className="button button--danger" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? MY_DATA.deleting : MY_DATA.confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
