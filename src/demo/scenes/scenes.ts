/** Composes whole demo pictures as SVG; sharp renders them to WebP. */
import { Palette } from './palettes';
import { bungalows, lounger, pool, resortBuilding, umbrella } from './scene-hotel';
import {
  castle,
  citySkyline,
  fireworks,
  Frame,
  mesas,
  seaArch,
  stepPyramid,
  vegasSkyline,
  whaleTail,
} from './scene-landmarks';
import {
  between,
  birds,
  cloud,
  mix,
  n,
  palm,
  radialGlow,
  sailboat,
  sand,
  sea,
  seededRng,
  stars,
  verticalGradient,
} from './scene-kit';

export const SCENE_KINDS = [
  'beach',
  'sailboat',
  'pyramid',
  'vegas',
  'desert',
  'orlando',
  'arch',
  'whale',
  'hotel',
  'tower-hotel',
  'pool',
  'bungalows',
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export interface SceneSpec {
  kind: SceneKind;
  width: number;
  height: number;
  palette: Palette;
  /** Any string: the same seed draws the same picture. */
  seed: string;
}

const HORIZON: Record<SceneKind, number> = {
  beach: 0.56,
  sailboat: 0.58,
  pyramid: 0.78,
  vegas: 0.74,
  desert: 0.6,
  orlando: 0.62,
  arch: 0.6,
  whale: 0.55,
  hotel: 0.66,
  'tower-hotel': 0.66,
  pool: 0.5,
  bungalows: 0.52,
};

/** Sky, sun (or moon), stars at night and a few clouds. */
function backdrop(f: Frame, sunX: number, sunY: number): string {
  const { width, height, horizon, palette: p, r } = f;
  const u = height / 800;
  const sunR = (p.night ? 34 : 48) * u;
  let out =
    `<defs>${verticalGradient('sky', [
      [0, p.sky[0]],
      [0.6, p.sky[1]],
      [1, p.sky[2]],
    ])}${radialGlow('glow', p.glow, 0.75)}</defs>` +
    `<rect width="${width}" height="${n(horizon + 4)}" fill="url(#sky)"/>`;
  if (p.night) out += stars(r, width, horizon * 0.7, 70);
  out += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR * 4)}" fill="url(#glow)"/><circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR)}" fill="${p.sun}"/>`;
  const clouds = 2 + Math.floor(r() * 3);
  for (let i = 0; i < clouds; i += 1) {
    out += cloud(
      r,
      between(r, 0, width),
      between(r, horizon * 0.12, horizon * 0.55),
      between(r, 60, 130) * u,
      p.cloud,
      p.night ? 0.35 : 0.8,
    );
  }
  return out;
}

function palms(f: Frame, baseY: number, sides: 'left' | 'right' | 'both'): string {
  const { width, height, r, palette: p } = f;
  const u = height / 800;
  let out = '';
  if (sides !== 'right') {
    out += palm(
      r,
      between(r, 0.04, 0.12) * width,
      baseY,
      between(r, 380, 470) * u,
      between(r, 40, 110) * u,
      p.silhouette,
    );
    if (r() < 0.6)
      out += palm(
        r,
        between(r, 0.14, 0.22) * width,
        baseY + 20 * u,
        between(r, 260, 330) * u,
        between(r, -20, 70) * u,
        p.silhouette,
      );
  }
  if (sides !== 'left') {
    out += palm(
      r,
      between(r, 0.86, 0.95) * width,
      baseY,
      between(r, 360, 460) * u,
      -between(r, 40, 110) * u,
      p.silhouette,
    );
  }
  return out;
}

function compose(kind: SceneKind, f: Frame): string {
  const { width, height, horizon, palette: p, r } = f;
  const u = height / 800;
  const sunX = between(r, 0.25, 0.75) * width;
  const sunY = horizon - between(r, 0.12, 0.42) * horizon;
  const water = (top = horizon) =>
    sea(r, { width, height, top, colors: p.sea, foam: p.foam, reflectX: sunX, reflectColor: p.sun });
  const beach = (top: number) => sand(r, { width, height, top, colors: p.sand, foam: p.foam });
  const sky = backdrop(f, sunX, sunY);
  const flock = birds(r, between(r, 0.2, 0.8) * width, horizon * 0.3, 16 * u, 5, p.silhouette);
  switch (kind) {
    case 'beach':
      return sky + water() + beach(height * 0.8) + flock + palms(f, height * 0.97, r() < 0.5 ? 'both' : 'left');
    case 'sailboat':
      return (
        sky +
        water() +
        sailboat(between(r, 0.3, 0.7) * width, horizon + 40 * u, 70 * u, p.silhouette, mix(p.foam, p.sky[2], 0.3)) +
        beach(height * 0.88) +
        palms(f, height, 'right')
      );
    case 'bungalows':
      return sky + water() + bungalows(f, horizon + 80 * u, 3) + flock;
    case 'pyramid':
      return sky + stepPyramid(f, width * between(r, 0.4, 0.6)) + flock;
    case 'vegas':
      return sky + vegasSkyline(f);
    case 'desert':
      return sky + mesas(f) + flock;
    case 'orlando': {
      const lake = sea(r, {
        width,
        height,
        top: horizon,
        colors: p.sea,
        foam: p.foam,
        reflectX: width * 0.5,
        reflectColor: p.sun,
      });
      const show = p.night
        ? fireworks(f, width * 0.3, horizon * 0.35, 70 * u, '#ffd54f') +
          fireworks(f, width * 0.72, horizon * 0.28, 90 * u, '#f06292')
        : '';
      return sky + show + citySkyline(f, 0, width) + castle(f, width * 0.5) + lake + palms(f, height, 'both');
    }
    case 'arch':
      return sky + water() + seaArch(f, width * between(r, 0.55, 0.7)) + flock;
    case 'whale':
      return sky + water() + whaleTail(f, width * between(r, 0.35, 0.65), horizon + 120 * u) + flock;
    case 'hotel':
    case 'tower-hotel': {
      const tall = kind === 'tower-hotel';
      const facade = p.night ? mix('#d7ccc8', p.silhouette, 0.55) : mix('#fbf5ea', p.sky[2], 0.2);
      const bw = width * (tall ? 0.3 : 0.58);
      const building = resortBuilding(f, {
        x: (width - bw) / 2,
        width: bw,
        height: tall ? horizon * 0.92 : horizon * 0.55,
        facade,
        tall,
      });
      return (
        sky +
        building +
        pool(f, { top: horizon + 60 * u, inset: width * 0.12 }) +
        palms(f, horizon + 40 * u, 'both') +
        lounger(width * 0.06, height * 0.9, 60 * u, '#ffffff') +
        umbrella(width * 0.9, height * 0.92, 60 * u, '#ff7043')
      );
    }
    case 'pool': {
      let out = sky + water() + pool(f, { top: horizon + 70 * u, inset: width * 0.02, deckTop: horizon + 70 * u });
      for (let i = 0; i < 3; i += 1) out += lounger(width * (0.08 + i * 0.1), height * 0.96, 50 * u, '#ffffff');
      out += umbrella(width * 0.82, height * 0.95, 70 * u, ['#ffca28', '#ef5350', '#26a69a'][Math.floor(r() * 3)]);
      return out + palms(f, height, 'right');
    }
  }
}

export function sceneSvg(spec: SceneSpec): string {
  const r = seededRng(`${spec.seed}:${spec.kind}`);
  const frame: Frame = {
    width: spec.width,
    height: spec.height,
    horizon: spec.height * HORIZON[spec.kind],
    palette: spec.palette,
    r,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}">${compose(spec.kind, frame)}</svg>`;
}
