import { useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { PhoneIcon, PlayIcon } from '../../components/ui/icons';
import { BRAND } from '../../config/brand';
import { LEAD_TEXT } from './lead-texts';

/** The privacy-enhanced player, loaded only when the visitor asks for the video. */
export function VideoEmbed({ title }: { title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="video">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${BRAND.videoId}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      </div>
    );
  }
  return (
    <button type="button" className="video video--poster" onClick={() => setPlaying(true)}>
      <span className="video__play">
        <PlayIcon size={30} />
      </span>
      <span className="video__label">Ver video: {title}</span>
    </button>
  );
}

export function ThankYouModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={LEAD_TEXT.thanksTitle} size="wide">
      <p className="thanks__text">{LEAD_TEXT.thanksText}</p>
      <VideoEmbed title="Así viajan nuestros clientes" />
      <div className="thanks__benefit">
        <p>{LEAD_TEXT.thanksBenefit}</p>
        <a className="button button--ocean" href={`tel:${BRAND.benefitPhone.tel}`}>
          <PhoneIcon size={18} /> {BRAND.benefitPhone.label}
        </a>
      </div>
      <button type="button" className="button button--ghost button--block" onClick={onClose}>
        Cerrar
      </button>
    </Modal>
  );
}
