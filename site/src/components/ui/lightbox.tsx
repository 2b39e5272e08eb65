import { useEffect, useRef } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from './icons';
import { imageSrcSet } from './picture';
import './lightbox.css';

export interface LightboxImage {
  src: string;
  alt: string;
}

/**
 * Full-screen image viewer on a modal <dialog> (focus stays inside): Escape closes it, the left
 * and right keys (and the buttons) move between pictures.
 */
export function Lightbox({
  images,
  index,
  onIndex,
  onClose,
  label,
}: {
  images: LightboxImage[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
  label: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const count = images.length;
  const go = (delta: number) => onIndex((index + delta + count) % count);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    dialog.showModal();
    document.body.classList.add('has-modal');
    return () => {
      if (dialog.open) dialog.close();
      document.body.classList.remove('has-modal');
      previous?.focus?.();
    };
  }, []);

  const image = images[index];
  return (
    <dialog
      ref={ref}
      className="lightbox"
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        else if (e.key === 'ArrowRight') go(1);
      }}
    >
      <button type="button" className="lightbox__close icon-button" onClick={onClose} aria-label="Cerrar visor">
        <CloseIcon size={26} />
      </button>
      <figure className="lightbox__figure">
        <img src={image.src} srcSet={imageSrcSet(image.src)} sizes="100vw" alt={image.alt} />
        <figcaption aria-live="polite">
          {image.alt} · {index + 1} / {count}
        </figcaption>
      </figure>
      {count > 1 && (
        <>
          <button
            type="button"
            className="lightbox__nav lightbox__nav--prev icon-button"
            onClick={() => go(-1)}
            aria-label="Imagen anterior"
          >
            <ChevronLeftIcon size={30} />
          </button>
          <button
            type="button"
            className="lightbox__nav lightbox__nav--next icon-button"
            onClick={() => go(1)}
            aria-label="Imagen siguiente"
          >
            <ChevronRightIcon size={30} />
          </button>
        </>
      )}
    </dialog>
  );
}
