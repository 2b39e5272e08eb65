import type { DestinationDetail } from '@shared/api/catalogue';
import { UI } from '@shared/ui';
import { useState } from 'react';
import { Lightbox, type LightboxImage } from '../../components/ui/lightbox';
import { Picture } from '../../components/ui/picture';
import { MapPinIcon } from '../../components/ui/icons';

/** The main picture and up to six thumbnails; any of them opens the full-screen viewer. */
export function Gallery({ destination: d }: { destination: DestinationDetail }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const images: LightboxImage[] = [
    ...(d.main_image ? [{ src: d.main_image, alt: d.name }] : []),
    ...d.gallery_images.map((g, i) => ({ src: g.image, alt: `${d.name}, foto ${i + 2}` })),
  ];
  const thumbs = images.slice(1, 1 + UI.galleryThumbnails);
  return (
    <section className="gallery" aria-label={`Fotos de ${d.name}`}>
      <button
        type="button"
        className="gallery__main"
        onClick={() => images.length && setViewing(0)}
        aria-label={`Ver fotos de ${d.name} en pantalla completa`}
      >
        <Picture
          src={d.main_image}
          alt={d.name}
          width={1600}
          height={800}
          eager
          portrait
          sizes="(max-width: 800px) 1200px, 100vw"
        />
      </button>
      <div className="gallery__overlay">
        <div className="page-width">
          <p className="gallery__place">
            <MapPinIcon size={18} /> {d.location}
          </p>
          <h1 className="gallery__name">{d.name}</h1>
        </div>
      </div>
      {thumbs.length > 0 && (
        <ul className="gallery__thumbs page-width">
          {thumbs.map((img, i) => (
            <li key={img.src}>
              <button type="button" onClick={() => setViewing(i + 1)} aria-label={`Ver ${img.alt}`}>
                <Picture src={img.src} alt="" width={400} height={267} sizes="180px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && (
        <Lightbox
          images={images}
          index={viewing}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
          label={`Fotos de ${d.name}`}
        />
      )}
    </section>
  );
}
