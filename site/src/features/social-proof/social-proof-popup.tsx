import { useEffect, useState } from 'react';
import { nextSocialProof, SOCIAL_PROOF_TIMING, type SocialProofEntry } from './social-proof';
import './social-proof.css';

/**
 * "Someone just booked" notice, bottom left: first after 4 s, visible 6 s, then again 10 s after
 * it hid. Announced politely to screen readers. Nothing shows during server rendering.
 */
export function SocialProofPopup() {
  const [entry, setEntry] = useState<SocialProofEntry | null>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let last: SocialProofEntry | null = null;
    const show = () => {
      last = nextSocialProof(last);
      setEntry(last);
      setVisible(true);
      timer = setTimeout(hide, SOCIAL_PROOF_TIMING.visibleMs);
    };
    const hide = () => {
      setVisible(false);
      timer = setTimeout(show, SOCIAL_PROOF_TIMING.betweenMs);
    };
    timer = setTimeout(show, SOCIAL_PROOF_TIMING.firstMs);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="social-proof-region" aria-live="polite">
      {entry && (
        <div className={`social-proof${visible ? ' is-visible' : ''}`} aria-hidden={!visible}>
          <span className="social-proof__flag" aria-hidden="true">
            {entry.flag}
          </span>
          <p>
            <strong>
              {entry.firstName} de {entry.city}
            </strong>{' '}
            reservó su viaje a <strong>{entry.destination}</strong>
            <small>hace {entry.minutesAgo} minutos</small>
          </p>
          <button
            type="button"
            className="icon-button social-proof__close"
            aria-label="Cerrar aviso"
            onClick={() => setVisible(false)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
