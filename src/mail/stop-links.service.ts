import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { safeEqual, sha256Hex } from '../common/crypto/token-hash';

/** The path of a stop link, under /api: `mail/stop/{address}/{signature}`. */
export const STOP_LINK_PATH = 'mail/stop';

/**
 * The tokens of a stop link are hexadecimal written with the letters a–p instead of 0–9a–f
 * (`0` → `a` … `f` → `p`): a link never holds a digit, so the lead code mail, whose plain text
 * must hold its code as the only standalone 4-digit number (CONTRACT.md), can carry it.
 */
const LETTERS = 'abcdefghijklmnop';
/** Each byte's two letters, looked up (a per-character replace was a visible share of a code burst). */
const BYTE_LETTERS = Array.from({ length: 256 }, (_, b) => LETTERS[b >> 4] + LETTERS[b & 15]);
const toLetters = (hex: string) => {
  let out = '';
  for (let i = 0; i < hex.length; i += 2) out += BYTE_LETTERS[parseInt(hex.slice(i, i + 2), 16)];
  return out;
};
const fromLetters = (token: string) =>
  /^[a-p]{64}$/.test(token) ? token.replace(/[a-p]/g, (c) => LETTERS.indexOf(c).toString(16)) : null;

/** SHA-256 (hex) of the lower-cased address: the key of mail_suppressions. */
export function addressHash(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

/**
 * One-click stop links of the automated e-mails to leads (RFC 8058): `{PUBLIC_URL}/api/mail/stop/
 * {address hash}/{signature}`, the signature an HMAC of the address hash under a key derived from
 * the JWT secret. The link names the address only by its hash, so it can be shown, logged or
 * forwarded without revealing it, and a suppression outlives an erasure of the address.
 */
@Injectable()
export class StopLinksService {
  /**
   * A KeyObject made once: given a Buffer, Node 24's createHmac builds and checks a key object at
   * every call (about 11 µs against 2 µs), and every code mail signs a link twice.
   */
  private readonly key: KeyObject;

  constructor(private readonly config: AppConfig) {
    // A key of its own: a stop-link signature can never stand for a token or a lead code.
    this.key = createSecretKey(createHmac('sha256', config.jwtSecret).update('mail-stop-link/v1').digest());
  }

  url(email: string): string {
    const hash = addressHash(email);
    return `${this.config.publicUrl}/api/${STOP_LINK_PATH}/${toLetters(hash)}/${toLetters(this.sign(hash))}`;
  }

  /** The List-Unsubscribe headers of a mail to `email` (one-click, RFC 8058). */
  headers(email: string): Record<string, string> {
    return {
      'List-Unsubscribe': `<${this.url(email)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }

  /** The address hash a link names, or null when the link was not made by this server. */
  verify(addressToken: string, signatureToken: string): string | null {
    const hash = fromLetters(addressToken);
    const signature = fromLetters(signatureToken);
    if (!hash || !signature) return null;
    return safeEqual(this.sign(hash), signature) ? hash : null;
  }

  private sign(hash: string): string {
    return createHmac('sha256', this.key).update(hash).digest('hex');
  }
}
