/** Request and response shapes of the public lead and contact calls. */
import type { LeadSource, LeadStatus } from '../limits';

/** `{ success, message }`: the answer of the code, verification and contact calls. */
export interface SuccessResponse {
  success: true;
  message: string;
}

/** Error bodies of these calls also carry `success: false` besides `error` and `message`. */
export interface PublicFormError {
  success: false;
  statusCode: number;
  error: string;
  message: string;
  errors?: Record<string, string>;
}

export interface SendVerificationCodeRequest {
  email: string;
}

export interface VerifyCodeRequest {
  email: string;
  confirmation_code: string;
}

export interface CreatePublicLeadRequest {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD or null. */
  date: string | null;
  /** HH:MM (24 h) or null. */
  hour: string | null;
  source: 'email_verification';
  /** Destination id. */
  destination: number;
  /** 'Quiero recibir ofertas por e-mail' (optional, unticked by default). */
  marketing_opt_in?: boolean | null;
}

/** A stored lead as the API returns it (public create and admin lists). */
export interface LeadResponse {
  id: number;
  /** ISO 8601. */
  created_at: string;
  /** 'YYYY-MM-DD HH:MM' (UTC). */
  formatted_created_at: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  date: string | null;
  hour: string | null;
  status: LeadStatus;
  source: LeadSource;
  destination: { id: number; name: string };
  is_priority: boolean;
}

export interface ContactSubmitRequest {
  firstName: string;
  lastName: string;
  phone?: string;
  email: string;
  message: string;
}
