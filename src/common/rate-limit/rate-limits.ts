import { RateLimitRule } from './rate-limit.decorator';

/** Per-IP budgets of the sensitive account routes. */
export const RATE_LIMITS = {
  login: { name: 'login', limit: 10, windowMs: 60_000 },
  refresh: { name: 'refresh', limit: 30, windowMs: 60_000 },
  signUp: { name: 'sign-up', limit: 5, windowMs: 60_000 },
  verifyEmail: { name: 'verify-email', limit: 20, windowMs: 60_000 },
  resetRequest: { name: 'reset-request', limit: 5, windowMs: 60_000 },
  resetConfirm: { name: 'reset-confirm', limit: 20, windowMs: 60_000 },
  changePassword: { name: 'change-password', limit: 5, windowMs: 60_000 },
  signInLink: { name: 'sign-in-link', limit: 20, windowMs: 60_000 },
  earlierLeads: { name: 'earlier-leads', limit: 10, windowMs: 60_000 },
  earlierLeadsConfirm: { name: 'earlier-leads-confirm', limit: 20, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;
