import { weatherIconLabel } from '@shared/weather-icons';
import type { ReactNode } from 'react';

/**
 * Weather pictures drawn here for the icon codes the API returns (the shared mapping turns the
 * provider's codes into these), so no image is fetched from the weather service.
 */
const SUN = <circle cx="24" cy="24" r="9" fill="#f6b73c" />;
const SMALL_SUN = <circle cx="18" cy="18" r="7" fill="#f6b73c" />;
const MOON = <path d="M26 10a11 11 0 1 0 11 15A9 9 0 0 1 26 10z" fill="#c9d7e3" />;
const CLOUD = (fill: string) => <path d="M14 36h21a7 7 0 0 0 0-14 10 10 0 0 0-19-2 8 8 0 0 0-2 16z" fill={fill} />;
const DROPS = (
  <g stroke="#2f80c6" strokeWidth="2.5" strokeLinecap="round">
    <path d="M17 40l-2 5M25 40l-2 5M33 40l-2 5" />
  </g>
);

const PICTURES: Record<string, (night: boolean) => ReactNode> = {
  '01': (night) => (night ? MOON : SUN),
  '02': (night) => (
    <>
      {night ? MOON : SMALL_SUN}
      {CLOUD('#e6edf2')}
    </>
  ),
  '03': () => CLOUD('#d3dee6'),
  '04': () => (
    <>
      <path d="M20 28h18a6 6 0 0 0 0-12 9 9 0 0 0-16-1" fill="#aab8c2" />
      {CLOUD('#c3ced6')}
    </>
  ),
  '09': () => (
    <>
      {CLOUD('#b8c5cf')}
      {DROPS}
    </>
  ),
  '10': (night) => (
    <>
      {night ? null : SMALL_SUN}
      {CLOUD('#c3ced6')}
      {DROPS}
    </>
  ),
  '11': () => (
    <>
      {CLOUD('#8f9ea9')}
      <path d="M24 37l-4 7h5l-3 7 8-10h-5l3-4z" fill="#f6b73c" />
    </>
  ),
  '13': () => (
    <>
      {CLOUD('#d3dee6')}
      <g fill="#8fc3e6">
        <circle cx="17" cy="42" r="2" />
        <circle cx="25" cy="44" r="2" />
        <circle cx="33" cy="42" r="2" />
      </g>
    </>
  ),
  '50': () => (
    <g stroke="#a7b4bd" strokeWidth="3" strokeLinecap="round">
      <path d="M10 20h28M6 27h34M10 34h28" />
    </g>
  ),
};

export function WeatherIcon({ icon, size = 48 }: { icon: string; size?: number }) {
  const draw = PICTURES[icon.slice(0, 2)] ?? PICTURES['03'];
  return (
    <svg width={size} height={size} viewBox="0 0 48 52" role="img" aria-label={weatherIconLabel(icon)}>
      {draw(icon.endsWith('n'))}
    </svg>
  );
}
