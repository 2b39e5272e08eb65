import type { AuthProvider } from 'react-admin';

const KEY = 'authTokens';

interface Tokens {
  access: string;
  refresh: string;
}

function claims(token: string): { user_id?: number; is_admin?: boolean; exp?: number } {
  try {
    return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return {};
  }
}

export function readTokens(): Tokens | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
}

async function refresh(tokens: Tokens): Promise<Tokens | null> {
  const res = await fetch('/api/users/token/refresh/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh: tokens.refresh }),
  });
  if (!res.ok) return null;
  const next = (await res.json()) as Tokens;
  localStorage.setItem(KEY, JSON.stringify(next));
  return next;
}

/** Returns a fresh access token, refreshing it when it is about to expire. */
export async function accessToken(): Promise<string | null> {
  let tokens = readTokens();
  if (!tokens) return null;
  const exp = claims(tokens.access).exp ?? 0;
  if (exp * 1000 - Date.now() < 30_000) tokens = await refresh(tokens);
  if (!tokens) localStorage.removeItem(KEY);
  return tokens?.access ?? null;
}

export const authProvider: AuthProvider = {
  async login({ username, password }) {
    // The admin login only hands tokens to active admins.
    const res = await fetch('/api/users/admin/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: username, password }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok || !body.success) throw new Error(body.message ?? 'An unexpected error occurred. Please try again.');
    if (!claims(body.access).is_admin) throw new Error('This account is not an administrator.');
    localStorage.setItem(KEY, JSON.stringify({ access: body.access, refresh: body.refresh }));
  },
  async logout() {
    localStorage.removeItem(KEY);
  },
  async checkAuth() {
    const token = await accessToken();
    if (!token || !claims(token).is_admin) throw new Error('Not signed in');
  },
  async checkError(error) {
    if (error?.status === 401 || error?.status === 403) {
      localStorage.removeItem(KEY);
      throw new Error('Session expired');
    }
  },
  async getPermissions() {
    const tokens = readTokens();
    return tokens && claims(tokens.access).is_admin ? 'admin' : null;
  },
};
