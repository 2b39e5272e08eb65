import { BRAND } from '../../config/brand';

/** The brand mark: a sun over a wave, with the name; `tone` follows the background it sits on. */
export function Logo({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <span className={`logo logo--${tone}`}>
      <svg width="34" height="34" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill={tone === 'dark' ? '#0b5d7a' : '#ffffff'} />
        <circle cx="20" cy="17" r="7" fill="#f6b73c" />
        <path
          d="M5 26c4-3 7-3 10 0s6 3 10 0 7-3 10 0"
          fill="none"
          stroke={tone === 'dark' ? '#ffffff' : '#0b5d7a'}
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className="logo__name">{BRAND.name}</span>
    </span>
  );
}
