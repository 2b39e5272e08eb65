/**
 * The privacy endpoints (issue #30), shared by the server, the site and the back-office:
 * GET /api/users/user/{id}/export/ (the person's data as one JSON document), DELETE
 * /api/users/user/{id}/ (the owner removes their account, with their password) and POST
 * /api/admin/privacy/erase (an admin erases everything that carries an address).
 */
import { LIMITS } from '../limits';
import { email, FieldRule, withLimits } from '../rules/form';
import type { UserProfile } from './account';

/** Texts of the privacy answers (Spanish: the site shows them as they are). */
export const PRIVACY_MESSAGES = {
  passwordRequired: 'Escribe tu contraseña para confirmar.',
  passwordTooLong: 'La contraseña es demasiado larga.',
  passwordWrong: 'La contraseña no es correcta.',
  forbidden: 'Solo puedes gestionar los datos de tu propia cuenta.',
  lastAdmin: 'No se puede borrar la única cuenta de administrador.',
  emailRequired: 'Escribe el e-mail de la persona.',
  emailInvalid: 'Escribe un e-mail válido.',
  eraseSelf: 'No puedes borrar tu propia cuenta desde aquí.',
} as const;

/** The name the site saves the export under (the answer's Content-Disposition). */
export const EXPORT_FILE_NAME = 'mis-datos.json';

/** DELETE /api/users/user/{id}/: the current password confirms it. */
export const DELETE_ACCOUNT_RULES = {
  password: withLimits(
    ((value) => {
      if (typeof value !== 'string' || value === '') return PRIVACY_MESSAGES.passwordRequired;
      return value.length > LIMITS.password.max ? PRIVACY_MESSAGES.passwordTooLong : undefined;
    }) as FieldRule<unknown>,
    { maxLength: LIMITS.password.max },
  ),
};

/** `marketing_opt_in` of the lead form and the profile: "Quiero recibir ofertas por e-mail", unticked by default. */
export const MARKETING_OPT_IN_RULE: FieldRule<unknown> = (value) =>
  value === undefined || value === null || typeof value === 'boolean'
    ? undefined
    : 'marketing_opt_in debe ser true o false.';

/** POST /api/admin/privacy/erase. */
export const ERASE_RULES = {
  email: email({ required: PRIVACY_MESSAGES.emailRequired, invalid: PRIVACY_MESSAGES.emailInvalid }, LIMITS.email.max),
};

/** One change of a lead, as its history records it. */
export interface ExportedLeadEvent {
  kind: string;
  from_value: string | null;
  to_value: string | null;
  /** ISO 8601. */
  created_at: string;
}

export interface ExportedLead {
  id: number;
  created_at: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD, or null. */
  date: string | null;
  /** HH:MM, or null. */
  hour: string | null;
  status: string;
  source: string;
  destination: { id: number; name: string };
  travel_pack: { id: number; name: string } | null;
  notes: string | null;
  marketing_opt_in_at: string | null;
  history: ExportedLeadEvent[];
  /**
   * What the agency's staff wrote about the lead in the back-office (the lead desk's notes); left
   * out of the export when the agency sets EXPORT_DESK_NOTES=false.
   */
  desk_notes?: Array<{ text: string; created_at: string }>;
}

export interface ExportedContactMessage {
  id: number;
  created_at: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  message: string;
}

export interface ExportedConsentRecord {
  id: number;
  created_at: string;
  email: string;
  purpose: string;
  granted: boolean;
  /** lead_form, account_settings or stop_link. */
  source: string;
}

/** GET /api/users/user/{id}/export/ (saved as mis-datos.json). */
export interface PersonalDataExport {
  /** ISO 8601. */
  exported_at: string;
  profile: UserProfile & {
    last_login: string | null;
    email_verified_at: string | null;
    marketing_opt_in_at: string | null;
  };
  leads: ExportedLead[];
  contact_messages: ExportedContactMessage[];
  consent_records: ExportedConsentRecord[];
}

/** POST /api/admin/privacy/erase: how many of each were removed or anonymised. */
export interface EraseResult {
  accounts: number;
  leads: number;
  contact_messages: number;
}
