import type { CreatePublicLeadRequest, LeadResponse, SuccessResponse } from '@shared/api/leads';
import { requestJson } from '../../session/http';

/** The three calls of the public lead flow (e-mail code, its check, the lead itself). */
export const sendVerificationCode = (email: string) =>
  requestJson<SuccessResponse>('/destination-lead/send-email-verification/', { method: 'POST', body: { email } });

export const verifyCode = (email: string, confirmation_code: string) =>
  requestJson<SuccessResponse>('/destination-lead/verify-code/', {
    method: 'POST',
    body: { email, confirmation_code },
  });

export const createLead = (body: CreatePublicLeadRequest) =>
  requestJson<LeadResponse>('/leads/', { method: 'POST', body });
