import { LIMITS } from '@shared/limits';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { LEAD_FIELD_RULES } from './lead-rules';
import { LEAD_TEXT } from './lead-texts';

/**
 * The confirmation-code step: the 4-digit code e-mailed to the visitor; the server's verdict shows
 * under the field. A new code can be asked for once the server's wait has passed.
 */
export function CodeModal({
  email,
  resendWait,
  onConfirm,
  onResend,
  onClose,
}: {
  email: string;
  resendWait: number;
  onConfirm: (code: string) => Promise<string | null>;
  onResend: () => Promise<string | null>;
  onClose: () => void;
}) {
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  const submit = handleSubmit(async ({ code }) => {
    setNotice(null);
    const error = await onConfirm(code);
    if (error) setError('code', { message: error });
  });

  const resend = async () => {
    setResending(true);
    const error = await onResend();
    setResending(false);
    if (error) setError('code', { message: error });
    else setNotice(LEAD_TEXT.resent);
  };

  const busy = formState.isSubmitting;
  return (
    <Modal open onClose={onClose} title={LEAD_TEXT.codeTitle}>
      <form className="lead-code" onSubmit={(e) => void submit(e)} noValidate>
        <p>{LEAD_TEXT.codeSent(email)}</p>
        <TextField
          label={LEAD_TEXT.codeLabel}
          required
          placeholder="0000"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.confirmationCode.length}
          className="field__control lead-code__input"
          autoFocus
          error={formState.errors.code?.message}
          {...register('code', { validate: LEAD_FIELD_RULES.confirmationCode })}
        />
        <p className="form-note" aria-live="polite">
          {notice}
        </p>
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? LEAD_TEXT.verifying : LEAD_TEXT.verify}
        </button>
        <button
          type="button"
          className="button button--ghost button--block"
          disabled={resendWait > 0 || resending || busy}
          onClick={() => void resend()}
        >
          {resendWait > 0 ? LEAD_TEXT.resendIn(resendWait) : LEAD_TEXT.resend}
        </button>
      </form>
    </Modal>
  );
}
