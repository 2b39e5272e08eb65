/**
 * password_changed_at is kept to the whole second: access tokens carry `iat` in seconds and MySQL may
 * round fractions up, which would void the fresh token handed out right after a change.
 */
export function wholeSecondNow(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}
