/** Resort pieces for the hotel images: buildings with balconies, pools, loungers, bungalows. */
import { Frame } from './scene-landmarks';
import { between, mix, n, verticalGradient } from './scene-kit';

function balconyPattern(id: string, at: { x: number; y: number }, glass: string, rail: string, u: number): string {
  const w = 38 * u;
  const h = 30 * u;
  return (
    `<pattern id="${id}" x="${n(at.x)}" y="${n(at.y)}" width="${n(w)}" height="${n(h)}" patternUnits="userSpaceOnUse">` +
    `<rect x="${n(5 * u)}" y="${n(4 * u)}" width="${n(28 * u)}" height="${n(17 * u)}" fill="${glass}"/>` +
    `<rect x="${n(2 * u)}" y="${n(21 * u)}" width="${n(34 * u)}" height="${n(3 * u)}" fill="${rail}"/></pattern>`
  );
}

/** A resort block (or a tall tower) standing on the ground line. */
export function resortBuilding(
  f: Frame,
  o: { x: number; width: number; height: number; facade: string; tall?: boolean },
): string {
  const { horizon, palette: p } = f;
  const u = f.height / 800;
  const glass = p.night ? '#ffd97a' : mix(p.sky[1], '#1d3b5a', 0.45);
  const rail = mix(o.facade, '#000000', 0.25);
  const top = horizon - o.height;
  let out = `<defs>${balconyPattern('balc', { x: o.x + 14 * u, y: top + 50 * u }, glass, rail, u)}</defs>`;
  if (o.tall) {
    out += `<path d="M${n(o.x)} ${n(horizon)}L${n(o.x)} ${n(top + 40 * u)}Q${n(o.x + o.width / 2)} ${n(top - 30 * u)} ${n(o.x + o.width)} ${n(top)}L${n(o.x + o.width)} ${n(horizon)}Z" fill="${o.facade}"/>`;
  } else {
    out += `<rect x="${n(o.x)}" y="${n(top)}" width="${n(o.width)}" height="${n(o.height)}" fill="${o.facade}"/>`;
    out += `<rect x="${n(o.x - 10 * u)}" y="${n(top - 12 * u)}" width="${n(o.width + 20 * u)}" height="${n(14 * u)}" fill="${rail}"/>`;
  }
  out += `<rect x="${n(o.x + 14 * u)}" y="${n(top + 50 * u)}" width="${n(o.width - 28 * u)}" height="${n(o.height - 90 * u)}" fill="url(#balc)"/>`;
  out += `<rect x="${n(o.x + o.width * 0.4)}" y="${n(horizon - 40 * u)}" width="${n(o.width * 0.2)}" height="${n(40 * u)}" fill="${mix(glass, '#000000', 0.3)}"/>`;
  return out;
}

/** A pool seen in perspective on a stone deck, with ripples. */
/** `deckTop` defaults to the horizon; an infinity pool starts its deck lower so the sea shows behind. */
export function pool(f: Frame, o: { top: number; inset: number; deckTop?: number }): string {
  const { width, height, r, palette: p } = f;
  const u = height / 800;
  const deck = p.night ? '#3b3450' : mix('#efe3cf', p.sand[0], 0.3);
  const water: [string, string] = p.night ? ['#1e5f8a', '#0d3350'] : ['#38d6e8', '#0b8fb3'];
  let ripples = '';
  for (let i = 0; i < 18; i += 1) {
    const y = between(r, o.top + 20 * u, height - 30 * u);
    const x = between(r, o.inset, width - o.inset - 80 * u);
    ripples += `<path d="M${n(x)} ${n(y)}q${n(20 * u)} ${n(-6 * u)} ${n(40 * u)} 0t${n(40 * u)} 0"/>`;
  }
  return (
    `<defs>${verticalGradient('deck', [
      [0, deck],
      [1, mix(deck, '#000000', 0.12)],
    ])}${verticalGradient('pool', [
      [0, water[0]],
      [1, water[1]],
    ])}</defs>` +
    `<rect x="0" y="${n(o.deckTop ?? f.horizon)}" width="${width}" height="${n(height - (o.deckTop ?? f.horizon))}" fill="url(#deck)"/>` +
    `<path d="M${n(o.inset + 60 * u)} ${n(o.top)}L${n(width - o.inset - 60 * u)} ${n(o.top)}L${n(width - o.inset * 0.3)} ${height}L${n(o.inset * 0.3)} ${height}Z" fill="url(#pool)"/>` +
    `<g fill="none" stroke="#ffffff" stroke-width="${n(2.5 * u)}" stroke-linecap="round" opacity="0.45">${ripples}</g>`
  );
}

export function lounger(x: number, y: number, s: number, color: string): string {
  return (
    `<path d="M${n(x)} ${n(y)}L${n(x + s * 1.6)} ${n(y)}L${n(x + s * 2.2)} ${n(y - s * 0.6)}L${n(x + s * 2.05)} ${n(y - s * 0.7)}L${n(x + s * 1.5)} ${n(y - s * 0.2)}L${n(x)} ${n(y - s * 0.2)}Z" fill="${color}"/>` +
    `<rect x="${n(x + s * 0.1)}" y="${n(y)}" width="${n(s * 0.08)}" height="${n(s * 0.3)}" fill="${mix(color, '#000000', 0.4)}"/>` +
    `<rect x="${n(x + s * 1.4)}" y="${n(y)}" width="${n(s * 0.08)}" height="${n(s * 0.3)}" fill="${mix(color, '#000000', 0.4)}"/>`
  );
}

export function umbrella(x: number, y: number, s: number, color: string): string {
  return (
    `<rect x="${n(x - s * 0.03)}" y="${n(y - s * 1.4)}" width="${n(s * 0.06)}" height="${n(s * 1.4)}" fill="#6d4c41"/>` +
    `<path d="M${n(x - s)} ${n(y - s * 1.3)}Q${n(x)} ${n(y - s * 2)} ${n(x + s)} ${n(y - s * 1.3)}Z" fill="${color}"/>`
  );
}

/** Thatched bungalows on stilts, standing over the water line. */
export function bungalows(f: Frame, y: number, count: number): string {
  const { width, height, r, palette: p } = f;
  const u = height / 800;
  const wall = p.night ? '#4e3b2f' : '#d9b88f';
  const roof = p.night ? '#2b1d14' : '#9c6b3c';
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const s = between(r, 0.8, 1.1) * u * (1 + i * 0.15);
    const x = width * (0.12 + (0.76 * i) / Math.max(1, count - 1)) + between(r, -30, 30) * u;
    const by = y + i * 18 * u;
    out += `<g stroke="${mix(wall, '#000000', 0.45)}" stroke-width="${n(4 * s)}">`;
    for (const dx of [-50, -15, 15, 50])
      out += `<line x1="${n(x + dx * s)}" y1="${n(by)}" x2="${n(x + dx * s)}" y2="${n(by + 50 * s)}"/>`;
    out += `</g><rect x="${n(x - 60 * s)}" y="${n(by - 6 * s)}" width="${n(120 * s)}" height="${n(10 * s)}" fill="${mix(wall, '#000000', 0.3)}"/>`;
    out += `<rect x="${n(x - 45 * s)}" y="${n(by - 60 * s)}" width="${n(90 * s)}" height="${n(56 * s)}" fill="${wall}"/>`;
    out += `<rect x="${n(x - 14 * s)}" y="${n(by - 42 * s)}" width="${n(28 * s)}" height="${n(38 * s)}" fill="${p.night ? '#ffd97a' : '#5d4037'}"/>`;
    out += `<path d="M${n(x - 70 * s)} ${n(by - 55 * s)}L${n(x)} ${n(by - 115 * s)}L${n(x + 70 * s)} ${n(by - 55 * s)}Z" fill="${roof}"/>`;
  }
  return out;
}
