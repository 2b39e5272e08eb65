/** What the JWT guard puts on request.user, checked against the database on every request. */
export interface AuthUser {
  id: number;
  email: string;
  is_admin: boolean;
  /** An agent of the lead desk (the back-office's leads, notes, tasks and replies; not its admin pages). */
  is_agent: boolean;
}

/** The claims of an access token (signed by TokensService, checked by JwtStrategy). */
export interface AccessTokenPayload {
  user_id: number;
  is_admin: boolean;
  /** Read by the back-office to open the lead desk; the server re-reads it from the database. */
  is_agent?: boolean;
  token_type: 'access';
  jti?: string;
  sid?: string;
  /** Issue time in milliseconds: `iat` has whole seconds, too coarse to order a token against a revocation made in the same second. */
  iat_ms?: number;
}
