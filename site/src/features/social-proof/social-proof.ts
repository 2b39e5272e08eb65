/** Random "someone just booked" entries (not real data) and the popup's timings. */
export interface SocialProofEntry {
  firstName: string;
  city: string;
  /** Emoji flag of the visitor's country. */
  flag: string;
  destination: string;
  minutesAgo: number;
}

export const SOCIAL_PROOF_TIMING = { firstMs: 4000, visibleMs: 6000, betweenMs: 10_000 } as const;

/** How often each destination is named. */
export const DESTINATION_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['Punta Cana', 4],
  ['Cancún', 4],
  ['Orlando', 1],
  ['Las Vegas', 1],
  ['Cabo San Lucas', 1],
];

const PEOPLE: ReadonlyArray<readonly [string, string, string]> = [
  ['María', 'Ciudad de México', '🇲🇽'],
  ['José', 'Bogotá', '🇨🇴'],
  ['Lucía', 'Madrid', '🇪🇸'],
  ['Carlos', 'Miami', '🇺🇸'],
  ['Valentina', 'Buenos Aires', '🇦🇷'],
  ['Andrés', 'Lima', '🇵🇪'],
  ['Camila', 'Santiago', '🇨🇱'],
  ['Diego', 'Guadalajara', '🇲🇽'],
  ['Sofía', 'Houston', '🇺🇸'],
  ['Javier', 'Medellín', '🇨🇴'],
  ['Daniela', 'San Juan', '🇵🇷'],
  ['Miguel', 'Santo Domingo', '🇩🇴'],
];

const MINUTES = { min: 2, max: 13 } as const;

type Random = () => number;

function weighted(random: Random): string {
  const total = DESTINATION_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [name, weight] of DESTINATION_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return DESTINATION_WEIGHTS[0][0];
}

const sameEntry = (a: SocialProofEntry, b: SocialProofEntry) =>
  a.firstName === b.firstName && a.city === b.city && a.destination === b.destination;

/** A random entry that never repeats `previous` in name, city and destination together. */
export function nextSocialProof(previous: SocialProofEntry | null, random: Random = Math.random): SocialProofEntry {
  for (;;) {
    const [firstName, city, flag] = PEOPLE[Math.floor(random() * PEOPLE.length)];
    const entry: SocialProofEntry = {
      firstName,
      city,
      flag,
      destination: weighted(random),
      minutesAgo: MINUTES.min + Math.floor(random() * (MINUTES.max - MINUTES.min + 1)),
    };
    if (!previous || !sameEntry(entry, previous)) return entry;
  }
}
