import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PrivacyNotice } from '../../components/legal/privacy-notice';
import { CodeModal } from './code-modal';
import { LeadFields } from './lead-fields';
import { LEAD_TEXT } from './lead-texts';
import { ThankYouModal } from './thank-you-modal';
import { EMPTY_LEAD, useLeadFlow, type LeadValues } from './use-lead-flow';
import './leads.css';

/** The destination page's lead form (destination fixed), with the code and thank-you modals. */
export function LeadPageForm({ destinationId }: { destinationId: number }) {
  const flow = useLeadFlow({ silentNetworkErrors: true });
  const defaults = { ...EMPTY_LEAD, destination_id: String(destinationId) };
  const { register, handleSubmit, reset, setError, formState } = useForm<LeadValues>({ defaultValues: defaults });

  useEffect(() => {
    reset({ ...EMPTY_LEAD, destination_id: String(destinationId) });
  }, [destinationId, reset]);

  const close = () => {
    reset({ ...EMPTY_LEAD, destination_id: String(destinationId) });
    flow.reset();
  };

  const submit = handleSubmit(async (values) => {
    const outcome = await flow.requestCode(values);
    if (!outcome.ok && outcome.message) setError('email', { message: outcome.message });
  });

  return (
    <>
      <form className="lead-form" onSubmit={(e) => void submit(e)} noValidate aria-label={LEAD_TEXT.title}>
        <LeadFields register={register} errors={formState.errors} variant="page" />
        <button type="submit" className="button button--block" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? LEAD_TEXT.busy : LEAD_TEXT.submit}
        </button>
        <PrivacyNotice purpose={LEAD_TEXT.privacyPurpose} />
      </form>
      {flow.step === 'code' && (
        <CodeModal
          email={flow.email}
          resendWait={flow.resendWait}
          onConfirm={flow.confirm}
          onResend={flow.resend}
          onClose={close}
        />
      )}
      {flow.step === 'done' && <ThankYouModal onClose={close} />}
    </>
  );
}
