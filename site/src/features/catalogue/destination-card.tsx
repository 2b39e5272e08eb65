import type { DestinationDetail } from '@shared/api/catalogue';
import { Link } from 'react-router';
import { MapPinIcon } from '../../components/ui/icons';
import { Picture } from '../../components/ui/picture';
import { destinationPath } from '@shared/paths';
import { formatUsd } from '../../lib/money';

const DESCRIPTION_PREVIEW = 150;

export function DestinationCard({ destination: d, eager }: { destination: DestinationDetail; eager?: boolean }) {
  const text =
    d.description.length > DESCRIPTION_PREVIEW
      ? `${d.description.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…`
      : d.description;
  const from = d.starting_discount_price ?? d.starting_price;
  return (
    <article className="destination-card">
      <div className="pack-card__media">
        <Picture
          src={d.main_image}
          alt={d.name}
          width={800}
          height={400}
          sizes="(max-width: 800px) 100vw, 380px"
          eager={eager}
        />
        {d.discount_percentage > 0 && <span className="badge pack-card__badge">Hasta -{d.discount_percentage}%</span>}
      </div>
      <div className="pack-card__body">
        <p className="pack-card__place">
          <MapPinIcon size={16} /> {d.location}
        </p>
        <h3 className="pack-card__name">{d.name}</h3>
        <p className="destination-card__text">{text}</p>
        {from !== null && (
          <p className="destination-card__from">
            Desde <strong>{formatUsd(from)}</strong>
          </p>
        )}
        <Link className="button button--ocean" to={destinationPath(d)} aria-label={`Ver Más: ${d.name}`}>
          Ver Más
        </Link>
      </div>
    </article>
  );
}
