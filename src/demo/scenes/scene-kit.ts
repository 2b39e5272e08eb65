/** Small deterministic building blocks for the demo catalogue's SVG scenes. */

export type Rng = () => number;

/** mulberry32 seeded from a string: the same name always draws the same picture. */
export function seededRng(seed: string): Rng {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i += 1) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (r: Rng, min: number, max: number): number => min + r() * (max - min);

/** Rounds coordinates to one decimal to keep the markup short. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Linear blend of two #rrggbb colours (t = 0 gives a, 1 gives b). */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${c(ar, br)}${c(ag, bg)}${c(ab, bb)}`;
}

export function verticalGradient(id: string, stops: Array<[number, string, number?]>): string {
  const body = stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${body}</linearGradient>`;
}

export function radialGlow(id: string, color: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

export function cloud(r: Rng, x: number, y: number, size: number, color: string, opacity: number): string {
  const puffs = [
    [0, 0, 1, 0.45],
    [-0.55, 0.12, 0.6, 0.3],
    [0.6, 0.1, 0.7, 0.32],
    [0.1, -0.2, 0.55, 0.35],
    [-0.2, 0.2, 1.1, 0.22],
  ];
  const shapes = puffs
    .map(
      ([dx, dy, rx, ry]) =>
        `<ellipse cx="${n(x + dx * size)}" cy="${n(y + dy * size)}" rx="${n(rx * size * between(r, 0.85, 1.15))}" ry="${n(ry * size)}"/>`,
    )
    .join('');
  return `<g fill="${color}" opacity="${opacity}">${shapes}</g>`;
}

export function stars(r: Rng, width: number, height: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    out += `<circle cx="${n(r() * width)}" cy="${n(r() * height)}" r="${n(between(r, 0.6, 1.8))}"/>`;
  }
  return `<g fill="#ffffff" opacity="0.8">${out}</g>`;
}

export function birds(r: Rng, x: number, y: number, size: number, count: number, color: string): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const s = size * between(r, 0.6, 1.2);
    const bx = x + between(r, -3, 3) * size;
    const by = y + between(r, -1.5, 1.5) * size;
    out += `<path d="M${n(bx)} ${n(by)}q${n(s / 2)} ${n(-s * 0.45)} ${n(s)} 0q${n(s / 2)} ${n(-s * 0.45)} ${n(s)} 0"/>`;
  }
  return `<g fill="none" stroke="${color}" stroke-width="${n(Math.max(1.5, size / 8))}" stroke-linecap="round">${out}</g>`;
}

/** A leaning palm: tapered trunk and drooping fronds. */
export function palm(r: Rng, x: number, baseY: number, height: number, lean: number, color: string): string {
  const topX = x + lean;
  const topY = baseY - height;
  const trunk = `<path d="M${n(x)} ${n(baseY)}Q${n(x + lean * 0.15)} ${n(baseY - height * 0.55)} ${n(topX)} ${n(topY)}" fill="none" stroke="${color}" stroke-width="${n(height * 0.045)}" stroke-linecap="round"/>`;
  let fronds = '';
  const count = 9;
  for (let i = 0; i < count; i += 1) {
    // Fronds fan out sideways and arch down; the ones near the top are shorter.
    const angle = (-190 + (200 * i) / (count - 1) + between(r, -6, 6)) * (Math.PI / 180);
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    const len = height * between(r, 0.36, 0.48) * (1 - 0.35 * Math.max(0, -dy - 0.6));
    const tipX = topX + dx * len;
    const tipY = topY + dy * len * 0.3 + len * 0.42;
    const cX = topX + dx * len * 0.55;
    const cY = topY + dy * len * 0.5 - len * 0.24;
    const w = len * 0.13;
    fronds += `<path d="M${n(topX)} ${n(topY)}Q${n(cX - dy * w)} ${n(cY + dx * w)} ${n(tipX)} ${n(tipY)}Q${n(cX + dy * w)} ${n(cY - dx * w)} ${n(topX)} ${n(topY)}Z"/>`;
  }
  const nuts = `<circle cx="${n(topX - 4)}" cy="${n(topY + 6)}" r="${n(height * 0.018)}"/><circle cx="${n(topX + 5)}" cy="${n(topY + 7)}" r="${n(height * 0.018)}"/>`;
  return `<g fill="${color}">${trunk}${fronds}${nuts}</g>`;
}

/** Horizontal sea band with perspective wave strokes and the sun's reflection. */
export function sea(
  r: Rng,
  o: {
    width: number;
    height: number;
    top: number;
    colors: [string, string];
    foam: string;
    reflectX?: number;
    reflectColor?: string;
  },
): string {
  const { width, height, top } = o;
  let waves = '';
  const rows = 16;
  for (let i = 0; i < rows; i += 1) {
    const t = (i + 1) / rows;
    const y = top + (height - top) * t * t;
    const len = 20 + 90 * t;
    for (let k = 0; k < 3 + Math.floor(r() * 3); k += 1) {
      const x = r() * width;
      waves += `<path d="M${n(x)} ${n(y)}q${n(len / 2)} ${n(-3 - 4 * t)} ${n(len)} 0" stroke-width="${n(1 + 2.5 * t)}"/>`;
    }
  }
  let reflection = '';
  if (o.reflectX !== undefined && o.reflectColor) {
    for (let i = 0; i < 14; i += 1) {
      const t = (i + 1) / 14;
      const y = top + 4 + (height - top) * 0.6 * t * t;
      const w = (40 + 160 * t) * between(r, 0.4, 1);
      reflection += `<rect x="${n(o.reflectX - w / 2 + between(r, -10, 10))}" y="${n(y)}" width="${n(w)}" height="${n(2 + 4 * t)}" rx="3"/>`;
    }
    reflection = `<g fill="${o.reflectColor}" opacity="0.55">${reflection}</g>`;
  }
  return (
    `<defs>${verticalGradient('seaFill', [
      [0, o.colors[0]],
      [1, o.colors[1]],
    ])}</defs>` +
    `<rect x="0" y="${n(top)}" width="${width}" height="${n(height - top)}" fill="url(#seaFill)"/>` +
    reflection +
    `<g fill="none" stroke="${o.foam}" stroke-linecap="round" opacity="0.45">${waves}</g>`
  );
}

/** Beach in the foreground: a gentle curve with a foam line along the water. */
export function sand(
  r: Rng,
  o: { width: number; height: number; top: number; colors: [string, string]; foam: string },
): string {
  const { width, height, top } = o;
  const a = top + between(r, -30, 30);
  const b = top + between(r, -40, 20);
  const edge = `M0 ${n(a)}C${n(width * 0.3)} ${n(b - 30)} ${n(width * 0.6)} ${n(b + 40)} ${width} ${n(top + between(r, -20, 20))}`;
  return (
    `<defs>${verticalGradient('sandFill', [
      [0, o.colors[0]],
      [1, o.colors[1]],
    ])}</defs>` +
    `<path d="${edge}L${width} ${height}L0 ${height}Z" fill="url(#sandFill)"/>` +
    `<path d="${edge}" fill="none" stroke="${o.foam}" stroke-width="5" opacity="0.75"/>`
  );
}

export function sailboat(x: number, y: number, s: number, hull: string, sail: string): string {
  return (
    `<path d="M${n(x - s)} ${n(y)}L${n(x + s)} ${n(y)}L${n(x + s * 0.7)} ${n(y + s * 0.28)}L${n(x - s * 0.75)} ${n(y + s * 0.28)}Z" fill="${hull}"/>` +
    `<rect x="${n(x - s * 0.03)}" y="${n(y - s * 1.6)}" width="${n(s * 0.06)}" height="${n(s * 1.6)}" fill="${hull}"/>` +
    `<path d="M${n(x + s * 0.06)} ${n(y - s * 1.5)}L${n(x + s * 0.85)} ${n(y - s * 0.1)}L${n(x + s * 0.06)} ${n(y - s * 0.1)}Z" fill="${sail}"/>` +
    `<path d="M${n(x - s * 0.06)} ${n(y - s * 1.2)}L${n(x - s * 0.6)} ${n(y - s * 0.1)}L${n(x - s * 0.06)} ${n(y - s * 0.1)}Z" fill="${sail}" opacity="0.85"/>`
  );
}
