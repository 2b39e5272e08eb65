import { createHash, timingSafeEqual } from 'node:crypto';

/** Tokens are stored as their SHA-256 (hex): a database leak does not leak usable tokens. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
