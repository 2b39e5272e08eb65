/**
 * Why the visitor was sent to the login page (a customer session, an expired one). react-admin
 * signs out silently when a route needs authentication, so the login page shows this instead.
 */
const KEY = 'adminLoginNotice';

export function setLoginNotice(message: string): void {
  sessionStorage.setItem(KEY, message);
}

export function readLoginNotice(): string | null {
  return sessionStorage.getItem(KEY);
}

export function clearLoginNotice(): void {
  sessionStorage.removeItem(KEY);
}
