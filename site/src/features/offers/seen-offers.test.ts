import { beforeEach, describe, expect, it } from 'vitest';
import {
  markOfferSeen,
  OFFER_DEFAULT_DESCRIPTION,
  offerDescription,
  pickOffer,
  readSeenOffers,
  SEEN_OFFERS_KEY,
} from './seen-offers';

const packs = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('exclusive offer choice', () => {
  beforeEach(() => localStorage.clear());

  it('prefers packs not seen yet, whatever the random draw', () => {
    for (const r of [0, 0.5, 0.99]) expect(pickOffer(packs, [1, 3], () => r)?.id).toBe(2);
  });

  it('falls back to any pack once all were seen, and to none without packs', () => {
    expect(pickOffer(packs, [1, 2, 3], () => 0.99)?.id).toBe(3);
    expect(pickOffer([], [], () => 0)).toBeNull();
  });

  it('remembers seen ids in localStorage and ignores a corrupted entry', () => {
    markOfferSeen(2);
    markOfferSeen(5);
    markOfferSeen(2);
    expect(readSeenOffers()).toEqual([5, 2]);
    localStorage.setItem(SEEN_OFFERS_KEY, '{not json');
    expect(readSeenOffers()).toEqual([]);
  });

  it('cuts the description at 200 characters and has a default for an empty one', () => {
    expect(offerDescription('x'.repeat(250))).toBe(`${'x'.repeat(200)}…`);
    expect(offerDescription('Corto')).toBe('Corto');
    expect(offerDescription('  ')).toBe(OFFER_DEFAULT_DESCRIPTION);
  });
});
