/** Landmark silhouettes of the demo destinations (skylines, castle, pyramid, sea arch...). */
import { Palette } from './palettes';
import { between, mix, n, Rng, verticalGradient } from './scene-kit';

export interface Frame {
  width: number;
  height: number;
  /** Where land or water meets the sky. */
  horizon: number;
  palette: Palette;
  r: Rng;
}

function windowPattern(id: string, light: string, opacity: number, cellW: number, cellH: number): string {
  return (
    `<pattern id="${id}" width="${cellW}" height="${cellH}" patternUnits="userSpaceOnUse">` +
    `<rect x="${n(cellW * 0.25)}" y="${n(cellH * 0.25)}" width="${n(cellW * 0.5)}" height="${n(cellH * 0.45)}" fill="${light}" opacity="${opacity}"/></pattern>`
  );
}

/** Distant mountain range. */
export function mountains(f: Frame, color: string, peak: number): string {
  const { width, horizon, r } = f;
  let d = `M0 ${n(horizon)}`;
  for (let x = 0; x <= width; x += width / 9) {
    d += `L${n(x + between(r, -30, 30))} ${n(horizon - between(r, peak * 0.35, peak))}`;
  }
  return `<path d="${d}L${width} ${n(horizon)}Z" fill="${color}"/>`;
}

function towers(
  f: Frame,
  o: { from: number; to: number; minH: number; maxH: number; fill: string; windows: string; neon?: string[] },
): string {
  const { r, horizon } = f;
  const u = f.height / 800;
  let out = '';
  for (let x = o.from; x < o.to;) {
    const w = between(r, 38, 110) * u;
    const h = between(r, o.minH, o.maxH);
    const y = horizon - h;
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h + 2)}" fill="${o.fill}"/>`;
    out += `<rect x="${n(x + 4 * u)}" y="${n(y + 8 * u)}" width="${n(w - 8 * u)}" height="${n(h - 8 * u)}" fill="url(#${o.windows})"/>`;
    if (o.neon && r() < 0.35) {
      const c = o.neon[Math.floor(r() * o.neon.length)];
      out += `<rect x="${n(x + w * 0.45)}" y="${n(y + 6 * u)}" width="${n(4 * u)}" height="${n(h * 0.7)}" fill="${c}" opacity="0.9"/>`;
    }
    x += w + between(r, -10, 14) * u;
  }
  return out;
}

/** The Strip: towers, a needle tower and a pyramid with its light beam, desert hills behind. */
export function vegasSkyline(f: Frame): string {
  const { width, height, horizon, palette: p } = f;
  const u = height / 800;
  const lit = p.night ? '#ffe27a' : '#d9f1ff';
  const building = p.night ? mix(p.silhouette, '#2b2050', 0.4) : mix(p.silhouette, '#6d7b8c', 0.6);
  const needleX = width * 0.74;
  const pyramidX = width * 0.2;
  let out = `<defs>${windowPattern('win', lit, p.night ? 0.85 : 0.5, 12 * u, 16 * u)}${verticalGradient('beam', [
    [0, '#ffffff', 0],
    [1, '#fff7c2', 0.7],
  ])}</defs>`;
  out += mountains(f, mix(p.sky[2], p.silhouette, 0.45), height * 0.22);
  out += towers(f, {
    from: 0,
    to: width,
    minH: height * 0.12,
    maxH: height * 0.42,
    fill: building,
    windows: 'win',
    neon: p.night ? ['#ff4fd8', '#32e0ff', '#ffd23f'] : undefined,
  });
  if (p.night)
    out += `<path d="M${n(pyramidX - 6 * u)} 0L${n(pyramidX + 6 * u)} 0L${n(pyramidX + 3 * u)} ${n(horizon - height * 0.22)}L${n(pyramidX - 3 * u)} ${n(horizon - height * 0.22)}Z" fill="url(#beam)"/>`;
  out += `<path d="M${n(pyramidX - width * 0.11)} ${n(horizon + 2)}L${n(pyramidX)} ${n(horizon - height * 0.22)}L${n(pyramidX + width * 0.11)} ${n(horizon + 2)}Z" fill="${mix(building, '#000000', 0.25)}"/>`;
  out += `<rect x="${n(needleX - 9 * u)}" y="${n(horizon - height * 0.6)}" width="${n(18 * u)}" height="${n(height * 0.6)}" fill="${building}"/>`;
  out += `<ellipse cx="${n(needleX)}" cy="${n(horizon - height * 0.6)}" rx="${n(42 * u)}" ry="${n(20 * u)}" fill="${building}"/>`;
  out += `<rect x="${n(needleX - 2 * u)}" y="${n(horizon - height * 0.72)}" width="${n(4 * u)}" height="${n(height * 0.12)}" fill="${building}"/>`;
  out += `<rect x="${n(needleX - 38 * u)}" y="${n(horizon - height * 0.6 - 3 * u)}" width="${n(76 * u)}" height="${n(5 * u)}" fill="${lit}" opacity="0.8"/>`;
  out += `<rect x="0" y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="${mix(p.silhouette, '#000000', 0.3)}"/>`;
  for (let i = 0; i < 3; i += 1) {
    const y = horizon + (height - horizon) * (0.3 + i * 0.25);
    const color = i === 1 ? '#ff5252' : '#fff59d';
    out += `<line x1="0" y1="${n(y)}" x2="${width}" y2="${n(y)}" stroke="${color}" stroke-width="${n(3 * u)}" stroke-dasharray="${n(18 * u)} ${n(14 * u)}" opacity="0.8"/>`;
  }
  return out;
}

/** Red-rock mesas and a desert floor (Red Rock Canyon, Valley of Fire). */
export function mesas(f: Frame): string {
  const { width, height, horizon, r, palette: p } = f;
  const rock = ['#b5532f', '#c8703f', '#9c3f24'].map((c) => mix(c, p.silhouette, p.night ? 0.7 : 0.15));
  let out = '';
  for (let layer = 0; layer < 3; layer += 1) {
    const base = horizon + layer * height * 0.06;
    let d = `M0 ${n(base)}`;
    let x = 0;
    while (x < width) {
      const w = between(r, 0.12, 0.3) * width;
      const h = between(r, 0.06, 0.2) * height * (1 - layer * 0.25);
      d += `L${n(x + w * 0.15)} ${n(base - h)}L${n(x + w * 0.85)} ${n(base - h)}L${n(x + w)} ${n(base)}`;
      x += w + between(r, 0, 0.08) * width;
    }
    out += `<path d="${d}L${width} ${n(base)}L${width} ${height}L0 ${height}Z" fill="${rock[layer]}"/>`;
  }
  const floor = horizon + height * 0.16;
  out += `<defs>${verticalGradient('desert', [
    [0, p.sand[0]],
    [1, p.sand[1]],
  ])}</defs><rect x="0" y="${n(floor)}" width="${width}" height="${n(height - floor)}" fill="url(#desert)"/>`;
  return out;
}

/** A fairy-tale castle with conical turrets over a lake. */
export function castle(f: Frame, cx: number): string {
  const { height, horizon, palette: p } = f;
  const u = height / 800;
  const wall = p.night ? mix('#c5b3e6', p.silhouette, 0.55) : mix('#f3e9ff', p.sky[1], 0.25);
  const roof = p.night ? mix('#5c6bc0', p.silhouette, 0.5) : '#4a6fd6';
  const tower = (x: number, w: number, h: number) =>
    `<rect x="${n(x - w / 2)}" y="${n(horizon - h)}" width="${n(w)}" height="${n(h)}" fill="${wall}"/>` +
    `<path d="M${n(x - w * 0.65)} ${n(horizon - h)}L${n(x)} ${n(horizon - h - w * 1.8)}L${n(x + w * 0.65)} ${n(horizon - h)}Z" fill="${roof}"/>`;
  let out = `<rect x="${n(cx - 170 * u)}" y="${n(horizon - 120 * u)}" width="${n(340 * u)}" height="${n(120 * u)}" fill="${wall}"/>`;
  for (let i = 0; i < 14; i += 1)
    out += `<rect x="${n(cx - 170 * u + i * 25 * u)}" y="${n(horizon - 132 * u)}" width="${n(13 * u)}" height="${n(13 * u)}" fill="${wall}"/>`;
  out += tower(cx - 150 * u, 40 * u, 190 * u) + tower(cx + 150 * u, 40 * u, 190 * u);
  out += tower(cx - 80 * u, 48 * u, 250 * u) + tower(cx + 80 * u, 48 * u, 250 * u);
  out += tower(cx, 70 * u, 330 * u);
  out += `<path d="M${n(cx - 28 * u)} ${n(horizon)}L${n(cx - 28 * u)} ${n(horizon - 50 * u)}Q${n(cx)} ${n(horizon - 85 * u)} ${n(cx + 28 * u)} ${n(horizon - 50 * u)}L${n(cx + 28 * u)} ${n(horizon)}Z" fill="${mix(wall, '#000000', 0.35)}"/>`;
  return out;
}

export function fireworks(f: Frame, x: number, y: number, radius: number, color: string): string {
  let rays = '';
  for (let i = 0; i < 18; i += 1) {
    const a = (i / 18) * Math.PI * 2;
    rays += `<line x1="${n(x + Math.cos(a) * radius * 0.25)}" y1="${n(y + Math.sin(a) * radius * 0.25)}" x2="${n(x + Math.cos(a) * radius)}" y2="${n(y + Math.sin(a) * radius)}"/>`;
  }
  return `<g stroke="${color}" stroke-width="${n(3 * (f.height / 800))}" stroke-linecap="round" opacity="0.9">${rays}</g>`;
}

/** A modest city skyline (Orlando) behind the lake, with windows. */
export function citySkyline(f: Frame, from: number, to: number): string {
  const p = f.palette;
  const u = f.height / 800;
  const fill = p.night ? mix(p.silhouette, '#1c2a4a', 0.5) : mix(p.silhouette, '#7d8fa8', 0.65);
  return (
    `<defs>${windowPattern('cityWin', p.night ? '#ffe9a0' : '#eaf6ff', p.night ? 0.8 : 0.45, 11 * u, 15 * u)}</defs>` +
    towers(f, { from, to, minH: f.height * 0.08, maxH: f.height * 0.26, fill, windows: 'cityWin' })
  );
}

/** El Castillo: a stepped pyramid rising over the jungle. */
export function stepPyramid(f: Frame, cx: number): string {
  const { width, height, horizon, r, palette: p } = f;
  const u = height / 800;
  const stone = p.night ? mix('#b8a07a', p.silhouette, 0.6) : mix('#cbb48d', p.sky[2], 0.15);
  const levels = 9;
  const baseW = width * 0.42;
  const topW = width * 0.13;
  const tierH = height * 0.035;
  let out = '';
  for (let i = 0; i < levels; i += 1) {
    const w = baseW - ((baseW - topW) * i) / (levels - 1);
    const y = horizon - (i + 1) * tierH;
    out += `<rect x="${n(cx - w / 2)}" y="${n(y)}" width="${n(w)}" height="${n(tierH + 1)}" fill="${mix(stone, '#000000', i % 2 ? 0.12 : 0)}"/>`;
  }
  const topY = horizon - levels * tierH;
  out += `<path d="M${n(cx - 40 * u)} ${n(horizon)}L${n(cx - 22 * u)} ${n(topY)}L${n(cx + 22 * u)} ${n(topY)}L${n(cx + 40 * u)} ${n(horizon)}Z" fill="${mix(stone, '#000000', 0.25)}"/>`;
  out += `<rect x="${n(cx - topW * 0.32)}" y="${n(topY - height * 0.08)}" width="${n(topW * 0.64)}" height="${n(height * 0.08)}" fill="${stone}"/>`;
  out += `<rect x="${n(cx - 12 * u)}" y="${n(topY - height * 0.055)}" width="${n(24 * u)}" height="${n(height * 0.055)}" fill="${mix(stone, '#000000', 0.5)}"/>`;
  const green = p.night ? '#0d1f14' : mix('#2e7d32', p.silhouette, 0.3);
  let jungle = '';
  for (let x = -20; x < width + 40; x += between(r, 30, 60) * u) {
    jungle += `<ellipse cx="${n(x)}" cy="${n(horizon + between(r, -4, 10) * u)}" rx="${n(between(r, 34, 64) * u)}" ry="${n(between(r, 22, 42) * u)}"/>`;
  }
  out += `<g fill="${green}">${jungle}</g><rect x="0" y="${n(horizon + 10 * u)}" width="${width}" height="${n(height - horizon)}" fill="${mix(green, '#000000', 0.2)}"/>`;
  return out;
}

/** El Arco: a rock with a hole through it, standing in the sea. */
export function seaArch(f: Frame, x: number): string {
  const { height, horizon, palette: p } = f;
  const u = height / 800;
  const rock = p.night ? mix('#6d4c41', p.silhouette, 0.6) : mix('#8d6e63', p.silhouette, 0.35);
  const base = horizon + 90 * u;
  const outer =
    `M${n(x - 260 * u)} ${n(base)}L${n(x - 230 * u)} ${n(horizon - 150 * u)}L${n(x - 170 * u)} ${n(horizon - 260 * u)}` +
    `L${n(x - 90 * u)} ${n(horizon - 300 * u)}L${n(x - 20 * u)} ${n(horizon - 230 * u)}L${n(x + 60 * u)} ${n(horizon - 280 * u)}` +
    `L${n(x + 150 * u)} ${n(horizon - 190 * u)}L${n(x + 210 * u)} ${n(horizon - 60 * u)}L${n(x + 240 * u)} ${n(base)}Z`;
  const hole = `M${n(x - 150 * u)} ${n(base)}L${n(x - 140 * u)} ${n(horizon - 90 * u)}Q${n(x - 90 * u)} ${n(horizon - 170 * u)} ${n(x - 40 * u)} ${n(horizon - 90 * u)}L${n(x - 30 * u)} ${n(base)}Z`;
  const spire = `M${n(x + 230 * u)} ${n(base)}L${n(x + 250 * u)} ${n(horizon - 170 * u)}L${n(x + 280 * u)} ${n(horizon - 200 * u)}L${n(x + 300 * u)} ${n(base)}Z`;
  const light = `M${n(x - 170 * u)} ${n(horizon - 260 * u)}L${n(x - 90 * u)} ${n(horizon - 300 * u)}L${n(x - 120 * u)} ${n(horizon - 150 * u)}Z`;
  return (
    `<path d="${outer}${hole}" fill="${rock}" fill-rule="evenodd"/>` +
    `<path d="${light}" fill="#ffffff" opacity="0.12"/>` +
    `<path d="${spire}" fill="${mix(rock, '#000000', 0.2)}"/>`
  );
}

/** A whale's tail above the water, with splashes. */
export function whaleTail(f: Frame, x: number, y: number): string {
  const u = f.height / 800;
  const color = mix(f.palette.silhouette, '#37474f', 0.5);
  const tail =
    `M${n(x - 12 * u)} ${n(y)}Q${n(x - 8 * u)} ${n(y - 60 * u)} ${n(x - 20 * u)} ${n(y - 90 * u)}Q${n(x - 90 * u)} ${n(y - 120 * u)} ${n(x - 150 * u)} ${n(y - 170 * u)}` +
    `Q${n(x - 60 * u)} ${n(y - 150 * u)} ${n(x)} ${n(y - 120 * u)}Q${n(x + 60 * u)} ${n(y - 150 * u)} ${n(x + 150 * u)} ${n(y - 170 * u)}` +
    `Q${n(x + 90 * u)} ${n(y - 120 * u)} ${n(x + 20 * u)} ${n(y - 90 * u)}Q${n(x + 8 * u)} ${n(y - 60 * u)} ${n(x + 12 * u)} ${n(y)}Z`;
  let splash = '';
  for (let i = 0; i < 14; i += 1) {
    splash += `<circle cx="${n(x + between(f.r, -120, 120) * u)}" cy="${n(y - between(f.r, 0, 60) * u)}" r="${n(between(f.r, 2, 6) * u)}"/>`;
  }
  return `<path d="${tail}" fill="${color}"/><g fill="#ffffff" opacity="0.8">${splash}</g><ellipse cx="${n(x)}" cy="${n(y + 4 * u)}" rx="${n(110 * u)}" ry="${n(10 * u)}" fill="#ffffff" opacity="0.45"/>`;
}
