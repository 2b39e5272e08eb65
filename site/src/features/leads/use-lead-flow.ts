import { LEAD_VERIFICATION, PUBLIC_LEAD_SOURCE } from '@shared/rules/lead';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../session/http';
import { createLead, sendVerificationCode, verifyCode } from './lead-api';
import { LEAD_TEXT } from './lead-texts';

export interface LeadValues {
  destination_id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Kept in the form's state but not shown (SPEC 2.18). */
  date: string;
  hour: string;
  /** The optional, unticked 'Quiero recibir ofertas por e-mail'. */
  marketing_opt_in: boolean;
}

export const EMPTY_LEAD: LeadValues = {
  destination_id: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  date: '',
  hour: '',
  marketing_opt_in: false,
};

export type LeadStep = 'form' | 'code' | 'done';

/** Where a failure is shown: under a field, or not at all. */
export type SendOutcome = { ok: true } | { ok: false; message: string | null };

const serverText = (e: unknown): string | null =>
  e instanceof ApiError ? (e.body?.error ?? e.body?.message ?? null) : null;

/**
 * The lead flow: the form asks for an e-mail code, the code step verifies it and stores the lead,
 * then the thank-you step. `silentNetworkErrors` is the destination page's behaviour: a request
 * that fails without an answer leaves the form as it was.
 */
export function useLeadFlow({ silentNetworkErrors = false } = {}) {
  const [step, setStep] = useState<LeadStep>('form');
  const [values, setValues] = useState<LeadValues | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (step !== 'code') return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step]);

  const requestCode = useCallback(
    async (next: LeadValues): Promise<SendOutcome> => {
      try {
        const res = await sendVerificationCode(next.email.trim());
        if (!res.success) return { ok: false, message: res.message || LEAD_TEXT.sendDefault };
      } catch (e) {
        if (e instanceof ApiError) return { ok: false, message: serverText(e) ?? LEAD_TEXT.sendDefault };
        return { ok: false, message: silentNetworkErrors ? null : LEAD_TEXT.sendFailedThrown };
      }
      setValues(next);
      setResendAt(Date.now() + LEAD_VERIFICATION.resendIntervalSeconds * 1000);
      setStep('code');
      return { ok: true };
    },
    [silentNetworkErrors],
  );

  /** Checks the code, then stores the lead; returns the message to show under the code field. */
  const confirm = useCallback(
    async (code: string): Promise<string | null> => {
      if (!values) return LEAD_TEXT.codeInvalid;
      try {
        await verifyCode(values.email.trim(), code.trim());
      } catch (e) {
        return serverText(e) ?? LEAD_TEXT.codeInvalid;
      }
      try {
        await createLead({
          first_name: values.firstName.trim(),
          last_name: values.lastName.trim(),
          email: values.email.trim(),
          phone: values.phone.trim(),
          date: values.date || null,
          hour: values.hour || null,
          source: PUBLIC_LEAD_SOURCE,
          destination: Number(values.destination_id),
          // Sent only when ticked: leaving it unticked sends the spec's body unchanged.
          ...(values.marketing_opt_in ? { marketing_opt_in: true } : {}),
        });
      } catch (e) {
        return serverText(e) ?? LEAD_TEXT.createFailed;
      }
      setStep('done');
      return null;
    },
    [values],
  );

  /** Sends a new code; returns an error message or null. */
  const resend = useCallback(async (): Promise<string | null> => {
    if (!values) return null;
    try {
      await sendVerificationCode(values.email.trim());
      setResendAt(Date.now() + LEAD_VERIFICATION.resendIntervalSeconds * 1000);
      return null;
    } catch (e) {
      return serverText(e) ?? LEAD_TEXT.sendFailedThrown;
    }
  }, [values]);

  const reset = useCallback(() => {
    setStep('form');
    setValues(null);
    setResendAt(0);
  }, []);

  const resendWait = Math.max(0, Math.ceil((resendAt - now) / 1000));
  return { step, email: values?.email ?? '', requestCode, confirm, resend, resendWait, reset };
}
