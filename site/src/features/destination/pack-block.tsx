import type { PackSummary } from '@shared/api/catalogue';
import { useEffect, useState } from 'react';
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { Picture } from '../../components/ui/picture';
import { PriceTag } from '../../components/ui/price-tag';
import { ShareLinks } from './share-links';
import { scrollToLeadForm } from './sticky-bar';

function Carousel({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const count = Math.max(images.length, 1);
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  return (
    <div className="pack__carousel" aria-roledescription="carrusel" aria-label={`Fotos de ${name}`}>
      <Picture
        src={images[index] ?? null}
        alt={`${name}, foto ${index + 1} de ${count}`}
        width={800}
        height={533}
        sizes="(max-width: 800px) 100vw, 560px"
      />
      {count > 1 && (
        <>
          <button
            type="button"
            className="pack__nav pack__nav--prev icon-button"
            onClick={() => go(-1)}
            aria-label="Foto anterior"
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="pack__nav pack__nav--next icon-button"
            onClick={() => go(1)}
            aria-label="Foto siguiente"
          >
            <ChevronRightIcon />
          </button>
          <span className="pack__counter">
            {index + 1} / {count}
          </span>
        </>
      )}
    </div>
  );
}

/** One travel pack of the destination: pictures, features, prices, 'Reservar' and sharing. */
export function PackBlock({ pack }: { pack: PackSummary }) {
  const [url, setUrl] = useState('');
  useEffect(() => setUrl(window.location.href), []);
  return (
    <article className="pack" aria-labelledby={`pack-${pack.id}`}>
      <Carousel images={pack.images} name={pack.name} />
      <div className="pack__body">
        {pack.is_featured && <span className="badge badge--sun">Oferta destacada</span>}
        <h3 id={`pack-${pack.id}`} className="pack__name">
          {pack.name}
        </h3>
        <p className="pack__text">{pack.description}</p>
        {pack.features.length > 0 && (
          <ul className="pack__features">
            {pack.features.map((f) => (
              <li key={f}>
                <CheckIcon size={18} /> {f}
              </li>
            ))}
          </ul>
        )}
        <PriceTag price={pack.price} discountPrice={pack.discount_price} percent={pack.discount_percentage} />
        <div className="pack__actions">
          <button type="button" className="button" onClick={scrollToLeadForm}>
            Reservar
          </button>
          <ShareLinks url={url} title={`${pack.name} - ${pack.destination_name}`} />
        </div>
      </div>
    </article>
  );
}
