import type { PackSummary } from '@shared/api/catalogue';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { Picture } from '../../components/ui/picture';
import { destinationPath } from '@shared/paths';
import { PriceTag } from '../../components/ui/price-tag';
import { markOfferSeen, offerDescription, pickOffer, readSeenOffers } from './seen-offers';
import './exclusive-offer.css';

export const EXCLUSIVE_OFFER_DELAY_MS = 5000;

/** After `delayMs`, one pack as an exclusive offer, preferring packs this visitor has not seen. */
export function ExclusiveOffer({
  packs,
  delayMs = EXCLUSIVE_OFFER_DELAY_MS,
}: {
  packs: readonly PackSummary[];
  delayMs?: number;
}) {
  const [offer, setOffer] = useState<PackSummary | null>(null);

  useEffect(() => {
    if (!packs.length) return;
    const timer = setTimeout(() => {
      const pick = pickOffer(packs, readSeenOffers());
      if (!pick) return;
      markOfferSeen(pick.id);
      setOffer(pick);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [packs, delayMs]);

  if (!offer) return null;
  const close = () => setOffer(null);
  return (
    <Modal open onClose={close} title="¡Oferta exclusiva!" className="offer-modal">
      <Picture
        className="offer__image"
        src={offer.image}
        alt={offer.destination_name}
        width={800}
        height={400}
        sizes="480px"
        eager
      />
      <p className="offer__place">{offer.destination_name}</p>
      <h3 className="offer__name">{offer.name}</h3>
      <p className="offer__text">{offerDescription(offer.description)}</p>
      <PriceTag price={offer.price} discountPrice={offer.discount_price} percent={offer.discount_percentage} />
      <Link className="button button--block offer__cta" to={destinationPath(offer.destination)} onClick={close}>
        Ver Promoción
      </Link>
    </Modal>
  );
}
