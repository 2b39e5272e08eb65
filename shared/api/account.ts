/** Response shapes of the account endpoints (/api/users/...), shared by server, site and admin. */

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Claims of the access token (HS256, 5 minutes). */
export interface AccessTokenClaims {
  user_id: number;
  is_admin: boolean;
  /** An agent of the lead desk (absent in tokens issued before agents could sign in). */
  is_agent?: boolean;
  token_type: 'access';
  exp: number;
  iat: number;
}

export interface ActionResult {
  success: boolean;
  message: string;
}

export interface AdminLoginResult extends ActionResult {
  is_admin: boolean;
  /** An agent of the lead desk: signed in to the back-office's leads, not its admin pages. */
  is_agent: boolean;
  /** Present only when success is true (an active admin or agent). */
  access?: string;
  refresh?: string;
}

export interface UserProfile {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string;
  is_active: boolean;
  is_superuser: boolean;
  date_joined: string;
  /** 'YYYY-MM-DD HH:MM' in UTC. */
  formatted_date_joined: string;
  /** 'Quiero recibir ofertas por e-mail' (withdrawable; PUT accepts it too). */
  marketing_opt_in?: boolean;
}

/**
 * GET /users/verify-email/…: the spec's {success, message}; `earlier_leads_confirmed` is added only
 * for a browser that sent the sign-up's cookie (true: it is the browser that signed up, and the
 * leads sent earlier with the address joined the account).
 */
export interface VerifyEmailResult extends ActionResult {
  earlier_leads_confirmed?: boolean;
}

/** POST /users/sign-in-link/…: this device may now sign in with the password (admins in the back-office). */
export interface SignInLinkResult extends ActionResult {
  is_admin: boolean;
}

/** GET /users/earlier-leads/: whether the leads sent before the account was verified are the account's. */
export interface EarlierLeadsStatus {
  confirmed: boolean;
}

/**
 * An admin created (admin sign-up, or an admin creating an admin through the sign-up). A customer's
 * sign-up answers only ActionResult: the same whatever the address, so it names no account.
 */
export interface SignUpResult extends ActionResult {
  user: UserProfile;
}

export interface ChangePasswordResult extends ActionResult, TokenPair {}

export interface CsrfResult {
  csrfToken: string;
}

/** Name of the double-submit cookie and header of the password-reset calls. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
