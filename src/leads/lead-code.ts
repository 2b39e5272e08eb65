import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LEAD_VERIFICATION } from '../../shared/rules/lead';

const CODE_SPACE = 10 ** LEAD_VERIFICATION.codeLength;

/** A uniformly random code with leading zeros kept ('0427'). */
export function generateLeadCode(): string {
  return String(randomInt(0, CODE_SPACE)).padStart(LEAD_VERIFICATION.codeLength, '0');
}

export function isCodeShape(code: string): boolean {
  return new RegExp(`^\\d{${LEAD_VERIFICATION.codeLength}}$`).test(code);
}

/**
 * Keyed hash of (e-mail, code). Ten thousand codes are trivially enumerable with a plain hash;
 * with the server secret as HMAC key a database leak alone does not reveal them.
 */
export function hashLeadCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`lead-email-code\0${email}\0${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
