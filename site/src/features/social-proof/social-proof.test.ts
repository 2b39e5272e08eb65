import { describe, expect, it } from 'vitest';
import { DESTINATION_WEIGHTS, nextSocialProof, type SocialProofEntry } from './social-proof';

/** A seeded generator, so the runs are repeatable. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('social-proof entries', () => {
  it('never repeats the previous entry in name, city and destination together', () => {
    const random = seeded(7);
    let previous: SocialProofEntry | null = null;
    for (let i = 0; i < 2000; i++) {
      const next = nextSocialProof(previous, random);
      if (previous) {
        const same =
          next.firstName === previous.firstName &&
          next.city === previous.city &&
          next.destination === previous.destination;
        expect(same).toBe(false);
      }
      previous = next;
    }
  });

  it('names destinations by their weights (4, 4, 1, 1, 1) and minutes from 2 to 13', () => {
    const random = seeded(11);
    const counts = new Map<string, number>();
    const minutes = new Set<number>();
    for (let i = 0; i < 11_000; i++) {
      const e = nextSocialProof(null, random);
      counts.set(e.destination, (counts.get(e.destination) ?? 0) + 1);
      minutes.add(e.minutesAgo);
    }
    for (const [name, weight] of DESTINATION_WEIGHTS) expect(counts.get(name)! / 1000).toBeCloseTo(weight, 0);
    expect(Math.min(...minutes)).toBe(2);
    expect(Math.max(...minutes)).toBe(13);
  });
});
