import type { PackSummary } from '@shared/api/catalogue';
import { Link } from 'react-router';
import { Picture } from '../../components/ui/picture';
import { MapPinIcon } from '../../components/ui/icons';
import { destinationPath } from '@shared/paths';
import { PriceTag } from '../../components/ui/price-tag';

/** A travel pack: picture, destination, name, prices; 'Reserva Ahora' and 'Ver Más'. */
export function PackCard({ pack, onBook, eager }: { pack: PackSummary; onBook: () => void; eager?: boolean }) {
  return (
    <article className="pack-card">
      <div className="pack-card__media">
        <Picture
          src={pack.image}
          alt={`${pack.destination_name}: ${pack.name}`}
          width={800}
          height={400}
          sizes="(max-width: 800px) 100vw, 380px"
          eager={eager}
        />
        {pack.discount_percentage > 0 && <span className="badge pack-card__badge">-{pack.discount_percentage}%</span>}
      </div>
      <div className="pack-card__body">
        <p className="pack-card__place">
          <MapPinIcon size={16} /> {pack.destination_name}
        </p>
        <h3 className="pack-card__name">{pack.name}</h3>
        <PriceTag price={pack.price} discountPrice={pack.discount_price} percent={0} />
        <div className="pack-card__actions">
          <button type="button" className="button" onClick={onBook}>
            Reserva Ahora
          </button>
          <Link
            className="button button--ghost"
            to={destinationPath(pack.destination)}
            aria-label={`Ver Más: ${pack.name}, ${pack.destination_name}`}
          >
            Ver Más
          </Link>
        </div>
      </div>
    </article>
  );
}
