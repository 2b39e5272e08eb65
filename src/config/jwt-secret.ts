import { createSecretKey, KeyObject, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MIN_JWT_SECRET_LENGTH = 32;
/** Name of the generated secret's file inside the data folder. */
export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * Secrets that were committed to this repository at some point (the old development default of
 * `.env`, examples of the documentation). Anyone can read them, so anyone could sign tokens with
 * them: they are refused in every environment. A unit test keeps this list in step with the
 * repository's own files.
 */
export const PUBLISHED_JWT_SECRETS: readonly string[] = ['dev-only-secret-change-me-in-production-0123456789'];

/** Why a JWT_SECRET value cannot be used, or null when it can. */
export function jwtSecretProblem(secret: string): string | null {
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    return `JWT_SECRET must be a random value of at least ${MIN_JWT_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`;
  }
  if (PUBLISHED_JWT_SECRETS.includes(secret) || /change[-_ ]?me/i.test(secret)) {
    return 'JWT_SECRET is a value published in the repository or its documentation: anyone could sign tokens with it; set a random value (openssl rand -hex 32) or unset it to have one generated';
  }
  if (new Set(secret).size < 8)
    return 'JWT_SECRET looks like a placeholder (too few distinct characters): set a random value';
  return null;
}

/**
 * The secret kept in the data folder: read when present, else generated (384 random bits) and
 * written readable by the owner only, so restarts keep sessions valid. Throws with a clear message
 * when the folder cannot be written or the file was tampered with.
 */
export function loadOrCreateJwtSecret(dataDir: string): string {
  const file = join(dataDir, JWT_SECRET_FILE);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // An existing file made readable by others (a copy, a umask) is tightened back to the owner.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const secret = readFileSync(file, 'utf8').trim();
    const problem = jwtSecretProblem(secret);
    if (problem) throw new Error(`the stored secret is unusable (${problem}); delete the file to generate a new one`);
    return secret;
  } catch (err) {
    throw new Error(`JWT_SECRET is unset and the secret file ${file} could not be used: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

const signingKeys = new Map<string, KeyObject>();

/**
 * The secret as the key object the JWT library signs and verifies with. Given the string, the
 * library first tries it as a PEM public (or private) key, and only after that attempt throws
 * makes a secret key of it, on every token: that failed attempt was 13% of an admin list request's
 * CPU. Made once per secret instead; the signatures are the same.
 */
export function jwtSigningKey(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) signingKeys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}
