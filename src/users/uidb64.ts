/** Django-style uidb64: the user id's decimal text in unpadded base64url ("1" -> "MQ"). */
export function encodeUid(id: number): string {
  return Buffer.from(String(id), 'utf8').toString('base64url');
}

/** The id, or null for anything that is not the canonical encoding of a positive integer. */
export function decodeUid(uidb64: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text) || encodeUid(Number(text)) !== uidb64) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
