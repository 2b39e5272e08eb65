/** Ids of the exclusive offers this browser has already been shown (localStorage). */
export const SEEN_OFFERS_KEY = 'seenExclusiveOffers';

export function readSeenOffers(): number[] {
  try {
    const value = JSON.parse(localStorage.getItem(SEEN_OFFERS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

export function markOfferSeen(id: number): void {
  try {
    const seen = readSeenOffers().filter((v) => v !== id);
    localStorage.setItem(SEEN_OFFERS_KEY, JSON.stringify([...seen, id]));
  } catch {
    /* storage disabled: the offer may simply show again */
  }
}

/** A random pack, preferring those not seen yet (any pack once all have been seen). */
export function pickOffer<T extends { id: number }>(
  packs: readonly T[],
  seen: readonly number[],
  random = Math.random,
): T | null {
  if (!packs.length) return null;
  const fresh = packs.filter((p) => !seen.includes(p.id));
  const pool = fresh.length ? fresh : packs;
  return pool[Math.floor(random() * pool.length)];
}

export const OFFER_DESCRIPTION_MAX = 200;
export const OFFER_DEFAULT_DESCRIPTION =
  'Una oferta exclusiva por tiempo limitado con tarifas especiales para nuestros viajeros.';

export function offerDescription(text: string): string {
  const t = text.trim();
  if (!t) return OFFER_DEFAULT_DESCRIPTION;
  return t.length > OFFER_DESCRIPTION_MAX ? `${t.slice(0, OFFER_DESCRIPTION_MAX).trimEnd()}…` : t;
}
