/** Response shapes of the account endpoints (/api/users/...), shared by server, site and admin. */

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Claims of the access token (HS256, 5 minutes). */
export interface AccessTokenClaims {
  user_id: number;
  is_admin: boolean;
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
  /** Present only when success is true (an active admin). */
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
}

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
