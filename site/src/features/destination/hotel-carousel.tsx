import type { DestinationDetail } from '@shared/api/catalogue';
import { UI } from '@shared/ui';
import { useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { Lightbox, type LightboxImage } from '../../components/ui/lightbox';
import { PLACEHOLDER_IMAGE, Picture } from '../../components/ui/picture';

/** The hotel's pictures in a scrolling strip (ten placeholders when there are none) and a viewer. */
export function HotelCarousel({ destination: d }: { destination: DestinationDetail }) {
  const strip = useRef<HTMLUListElement>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const images: LightboxImage[] = d.hotel_images.length
    ? d.hotel_images.map((h, i) => ({ src: h.image, alt: `Hotel en ${d.name}, foto ${i + 1}` }))
    : Array.from({ length: UI.hotelPlaceholders }, (_, i) => ({
        src: PLACEHOLDER_IMAGE,
        alt: `Foto del hotel ${i + 1} (próximamente)`,
      }));
  const scroll = (direction: number) =>
    strip.current?.scrollBy({ left: direction * strip.current.clientWidth * 0.8, behavior: 'smooth' });

  return (
    <section className="section" aria-labelledby="hotel-title">
      <div className="page-width">
        <div className="hotel__head">
          <h2 id="hotel-title" className="section__title">
            Tu hotel
          </h2>
          <div className="hotel__controls">
            <button
              type="button"
              className="icon-button hotel__arrow"
              onClick={() => scroll(-1)}
              aria-label="Fotos anteriores"
            >
              <ChevronLeftIcon />
            </button>
            <button type="button" className="icon-button hotel__arrow" onClick={() => scroll(1)} aria-label="Más fotos">
              <ChevronRightIcon />
            </button>
          </div>
        </div>
        <ul className="hotel__strip" ref={strip}>
          {images.map((img, i) => (
            <li key={`${img.src}-${i}`}>
              <button type="button" onClick={() => setViewing(i)} aria-label={`Ver ${img.alt}`}>
                <Picture src={img.src} alt="" width={400} height={267} sizes="320px" />
              </button>
            </li>
          ))}
        </ul>
      </div>
      {viewing !== null && (
        <Lightbox
          images={images}
          index={viewing}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
          label={`Fotos del hotel en ${d.name}`}
        />
      )}
    </section>
  );
}
