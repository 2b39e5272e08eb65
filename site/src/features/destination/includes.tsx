import type { PackSummary } from '@shared/api/catalogue';
import { CheckIcon } from '../../components/ui/icons';

/** 'Qué Incluye': the amenities of the destination's packs; nothing at all when there are none. */
export function Includes({ packs }: { packs: PackSummary[] }) {
  const amenities = [...new Set(packs.flatMap((p) => p.amenities.map((a) => a.trim()).filter(Boolean)))];
  if (!amenities.length) return null;
  return (
    <section className="section section--white" aria-labelledby="includes-title">
      <div className="page-width">
        <h2 id="includes-title" className="section__title">
          Qué Incluye
        </h2>
        <ul className="includes">
          {amenities.map((a) => (
            <li key={a}>
              <span className="includes__icon">
                <CheckIcon size={18} />
              </span>
              {a}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
