/** Eight partner wordmarks, drawn inline (fictional airlines, hotel groups and tour operators). */
const PARTNERS = [
  { name: 'Caribe Air', color: '#0b5d7a', shape: 'wing' },
  { name: 'Palma Resorts', color: '#1f7a4d', shape: 'palm' },
  { name: 'Marea Hotels', color: '#0e6d8c', shape: 'wave' },
  { name: 'Coral Bay Club', color: '#c8401f', shape: 'sun' },
  { name: 'Sol & Arena', color: '#a8660b', shape: 'sun' },
  { name: 'AeroLatina', color: '#3b4a9c', shape: 'wing' },
  { name: 'Brisa Tours', color: '#0f766e', shape: 'wave' },
  { name: 'Vista Suites', color: '#7a3b8f', shape: 'palm' },
] as const;

const SHAPES = {
  wing: <path d="M4 26 L30 14 L22 26 Z M10 30 L34 22" strokeWidth="3" />,
  palm: (
    <path
      d="M18 34 C18 24 20 18 22 12 M22 12 C16 8 10 10 8 14 M22 12 C26 6 32 6 34 10 M22 12 C26 12 30 16 30 20"
      strokeWidth="3"
    />
  ),
  wave: <path d="M4 22 C10 16 16 16 22 22 S34 28 40 22 M4 30 C10 24 16 24 22 30 S34 36 40 30" strokeWidth="3" />,
  sun: (
    <>
      <circle cx="20" cy="20" r="8" />
      <path d="M20 4v5M20 31v5M4 20h5M31 20h5M9 9l3 3M28 28l3 3M9 31l3-3M28 12l3-3" strokeWidth="2.5" />
    </>
  ),
};

export const PARTNER_COUNT = PARTNERS.length;

export function PartnerLogo({ index }: { index: number }) {
  const p = PARTNERS[index];
  return (
    <svg viewBox="0 0 200 40" width="200" height="40" role="img" aria-label={p.name} className="partner-logo">
      <g fill="none" stroke={p.color} strokeLinecap="round" strokeLinejoin="round" strokeWidth="2.5">
        {SHAPES[p.shape]}
      </g>
      <text x="46" y="27" fill={p.color} fontFamily="system-ui, sans-serif" fontWeight="800" fontSize="17">
        {p.name}
      </text>
    </svg>
  );
}
