/** What the JWT guard puts on request.user, checked against the database on every request. */
export interface AuthUser {
  id: number;
  email: string;
  is_admin: boolean;
}
