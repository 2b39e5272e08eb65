/** Colour sets of the demo scenes; each destination tints them with its own accent. */
import { mix } from './scene-kit';

export interface Palette {
  /** Top, middle and horizon of the sky. */
  sky: [string, string, string];
  sun: string;
  glow: string;
  /** Water at the horizon and at the shore. */
  sea: [string, string];
  foam: string;
  sand: [string, string];
  /** Palms, skylines, rocks. */
  silhouette: string;
  cloud: string;
  night: boolean;
}

export const PALETTES = {
  caribbeanDay: {
    sky: ['#1565c0', '#42a5f5', '#d6f0ff'],
    sun: '#fffde7',
    glow: '#fff59d',
    sea: ['#0288a7', '#3fd8d0'],
    foam: '#ffffff',
    sand: ['#f6e0b5', '#e2bd85'],
    silhouette: '#24452a',
    cloud: '#ffffff',
    night: false,
  },
  sunset: {
    sky: ['#2d1b4e', '#c2185b', '#ffb74d'],
    sun: '#ffe082',
    glow: '#ff8a65',
    sea: ['#7b2a55', '#2e1a3f'],
    foam: '#ffccbc',
    sand: ['#5a3346', '#32192b'],
    silhouette: '#1b0d1c',
    cloud: '#f48fb1',
    night: false,
  },
  golden: {
    sky: ['#ff6f61', '#ffb88c', '#ffe9c2'],
    sun: '#fff6d5',
    glow: '#ffd180',
    sea: ['#d9785f', '#3d405b'],
    foam: '#ffe0b2',
    sand: ['#b97a4c', '#7a4b30'],
    silhouette: '#2f1b12',
    cloud: '#ffe3d3',
    night: false,
  },
  dusk: {
    sky: ['#0f0c29', '#302b63', '#b05a8e'],
    sun: '#fdf1c7',
    glow: '#f3a6c8',
    sea: ['#2b2550', '#0f0c22'],
    foam: '#9d8fd6',
    sand: ['#2a2140', '#15102a'],
    silhouette: '#090513',
    cloud: '#6a4c93',
    night: true,
  },
  morning: {
    sky: ['#3f8fe0', '#8fd3fe', '#fff1d6'],
    sun: '#ffffff',
    glow: '#ffe7a3',
    sea: ['#008e9b', '#5ee7c9'],
    foam: '#f1fffd',
    sand: ['#fbe7c6', '#e8c9a0'],
    silhouette: '#1f3b2d',
    cloud: '#ffffff',
    night: false,
  },
  desertDay: {
    sky: ['#1e6fd0', '#8ec5f4', '#fde9cf'],
    sun: '#fffbe8',
    glow: '#ffe9a8',
    sea: ['#0a4f8f', '#1d8fc9'],
    foam: '#e3f4ff',
    sand: ['#d8a56b', '#a86e3f'],
    silhouette: '#5a3422',
    cloud: '#ffffff',
    night: false,
  },
} satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

/** A palette nudged towards an accent colour, so two destinations never share the same sky. */
export function tinted(name: PaletteName, accent: string, amount: number): Palette {
  const p: Palette = PALETTES[name];
  const t = (c: string) => mix(c, accent, amount);
  return {
    ...p,
    sky: [t(p.sky[0]), t(p.sky[1]), mix(p.sky[2], accent, amount / 2)],
    sea: [t(p.sea[0]), t(p.sea[1])],
    sand: [t(p.sand[0]), t(p.sand[1])],
    cloud: mix(p.cloud, accent, amount / 2),
  };
}
