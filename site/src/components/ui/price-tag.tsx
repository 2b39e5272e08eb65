import { formatUsd } from '../../lib/money';

/** The offer price in large type, the regular price struck through, and the percent off. */
export function PriceTag({
  price,
  discountPrice,
  percent,
  unit = 'por la estadía completa · USD',
}: {
  price: number;
  discountPrice: number | null;
  percent: number;
  unit?: string | null;
}) {
  const offer = discountPrice && discountPrice < price ? discountPrice : null;
  return (
    <div className="price">
      <span className="price__now">
        <span className="visually-hidden">{offer ? 'Precio con descuento: ' : 'Precio: '}</span>
        {formatUsd(offer ?? price)}
      </span>
      {offer && (
        <span className="price__was">
          <span className="visually-hidden">Precio regular: </span>
          {formatUsd(price)}
        </span>
      )}
      {offer && percent > 0 && <span className="badge">{percent}% OFF</span>}
      {unit && <span className="price__unit">{unit}</span>}
    </div>
  );
}
