/** What the JWT guard puts on request.user, checked against the database on every request. */
export interface AuthUser {
  id: number;
  email: string;
  is_admin: boolean;
}

/** The claims of an access token (signed by TokensService, checked by JwtStrategy). */
export interface AccessTokenPayload {
  user_id: number;
  is_admin: boolean;
  token_type: 'access';
  jti?: string;
  sid?: string;
  /** Issue time in milliseconds: `iat` has whole seconds, too coarse to order a token against a revocation made in the same second. */
  iat_ms?: number;
}
