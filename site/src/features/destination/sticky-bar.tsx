import type { DestinationDetail } from '@shared/api/catalogue';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { PATHS } from '@shared/paths';
import { formatUsd } from '../../lib/money';

const THRESHOLD = 150;

/** Scrolls to the destination page's lead form and puts the cursor in its first field. */
export function scrollToLeadForm(): void {
  const form = document.getElementById('reservar');
  form?.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  form?.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus({ preventScroll: true });
}

/**
 * The destination page's top bar: shown once the page is scrolled more than 150 px and hidden
 * again within 150 px of its end. Back goes to the previous page of this site, else to /deals.
 */
export function StickyBar({ destination }: { destination: DestinationDetail }) {
  const [visible, setVisible] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const update = () => {
      const fromEnd = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      setVisible(window.scrollY > THRESHOLD && fromEnd > THRESHOLD);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const price = destination.starting_discount_price ?? destination.starting_price;
  return (
    <div className={`sticky-bar${visible ? ' is-visible' : ''}`} aria-hidden={!visible} inert={!visible}>
      <div className="sticky-bar__inner page-width">
        <Link
          to={PATHS.deals}
          className="sticky-bar__back icon-button"
          aria-label="Volver"
          onClick={(e) => {
            // A visitor who arrived from another page of the site goes back to it.
            if (location.key !== 'default') {
              e.preventDefault();
              void navigate(-1);
            }
          }}
        >
          <ArrowLeftIcon size={22} />
        </Link>
        <div className="sticky-bar__title">
          <strong>{destination.name}</strong>
          {price !== null && (
            <span>
              <span className="sticky-bar__price">{formatUsd(price)}</span>
              {destination.discount_percentage > 0 && (
                <span className="badge">{destination.discount_percentage}% OFF</span>
              )}
            </span>
          )}
        </div>
        <button type="button" className="button button--small" onClick={scrollToLeadForm}>
          Reservar Llamada
        </button>
      </div>
    </div>
  );
}
