import type { DestinationDetail } from '@shared/api/catalogue';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Modal } from '../../components/ui/modal';
import { httpCatalogueSource } from '../../lib/catalogue-source';
import { PrivacyNotice } from '../../components/legal/privacy-notice';
import { CodeModal } from './code-modal';
import { LeadFields } from './lead-fields';
import { LEAD_TEXT } from './lead-texts';
import { ThankYouModal } from './thank-you-modal';
import { EMPTY_LEAD, useLeadFlow, type LeadValues } from './use-lead-flow';
import './leads.css';

/** The shell's 'Reserva Ahora' modal: the lead form with a destination choice, then the code and thanks. */
export function LeadModal({
  open,
  destinationId,
  onClose,
}: {
  open: boolean;
  destinationId?: number;
  onClose: () => void;
}) {
  const flow = useLeadFlow();
  const [destinations, setDestinations] = useState<DestinationDetail[] | null>(null);
  const { register, handleSubmit, reset, setError, setValue, formState } = useForm<LeadValues>({
    defaultValues: EMPTY_LEAD,
  });

  useEffect(() => {
    if (!open) return;
    reset({ ...EMPTY_LEAD, destination_id: destinationId ? String(destinationId) : '' });
    if (destinations) return;
    let live = true;
    httpCatalogueSource
      .destinations()
      .then((list) => live && setDestinations(list))
      .catch(() => live && setDestinations([]));
    return () => {
      live = false;
    };
    // The list is read once; re-opening only resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, destinationId, reset]);

  // A select keeps its value only once the option exists: choose the destination again when the
  // list arrives after the modal opened.
  useEffect(() => {
    if (open && destinations && destinationId) setValue('destination_id', String(destinationId));
    // Only when the list arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [destinations]);

  const close = () => {
    reset(EMPTY_LEAD);
    flow.reset();
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    const outcome = await flow.requestCode(values);
    if (!outcome.ok && outcome.message) setError('email', { message: outcome.message });
  });

  if (!open) return null;
  if (flow.step === 'code')
    return (
      <CodeModal
        email={flow.email}
        resendWait={flow.resendWait}
        onConfirm={flow.confirm}
        onResend={flow.resend}
        onClose={close}
      />
    );
  if (flow.step === 'done') return <ThankYouModal onClose={close} />;
  return (
    <Modal open onClose={close} title={LEAD_TEXT.title}>
      <p className="form-note">
        Déjanos tus datos y un asesor te llamará con las mejores tarifas. Los campos con * son obligatorios.
      </p>
      <form className="lead-form" onSubmit={(e) => void submit(e)} noValidate>
        <LeadFields register={register} errors={formState.errors} variant="modal" destinations={destinations} />
        <button type="submit" className="button button--block" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? LEAD_TEXT.busy : 'Reserva Ahora'}
        </button>
        <PrivacyNotice purpose={LEAD_TEXT.privacyPurpose} />
      </form>
    </Modal>
  );
}
