import { useEffect, useState, type ReactNode } from 'react';
import { BRAND } from '../../config/brand';
import { useSession } from '../../session/use-session';
import { InstagramIcon, MailIcon, PhoneIcon } from '../ui/icons';
import './alert-strip.css';

const ROTATE_MS = 3000;

/**
 * Contact details above the navigation. Wide screens show every item; below 800 px one item shows
 * at a time and the next takes its place every 3 s (CSS picks which are visible, so the server's
 * markup is the same for every width).
 */
export function AlertStrip() {
  const session = useSession();
  const [active, setActive] = useState(0);
  const signedIn = session.isAuthenticated;
  const name = session.profile?.first_name;

  const items: Array<{ key: string; content: ReactNode }> = signedIn
    ? [
        {
          key: 'welcome',
          content: <span>¡Bienvenido{name ? `, ${name}` : ''}! Gracias por viajar con nosotros.</span>,
        },
        {
          key: 'phone',
          content: (
            <a href={`tel:${BRAND.phones[0].tel}`}>
              <PhoneIcon size={15} /> Soporte: {BRAND.phones[0].label}
            </a>
          ),
        },
        {
          key: 'mail',
          content: (
            <a href={`mailto:${BRAND.supportEmail}`}>
              <MailIcon size={15} /> {BRAND.supportEmail}
            </a>
          ),
        },
      ]
    : [
        {
          key: 'mail',
          content: (
            <a href={`mailto:${BRAND.infoEmail}`}>
              <MailIcon size={15} /> {BRAND.infoEmail}
            </a>
          ),
        },
        {
          key: 'phone',
          content: (
            <a href={`tel:${BRAND.phones[0].tel}`}>
              <PhoneIcon size={15} /> {BRAND.phones[0].label}
            </a>
          ),
        },
        {
          key: 'social',
          content: (
            <a href={BRAND.instagram} target="_blank" rel="noopener noreferrer">
              <InstagramIcon size={15} /> Síguenos en Instagram
            </a>
          ),
        },
      ];

  useEffect(() => {
    const timer = setInterval(() => setActive((i) => i + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, []);

  const current = active % items.length;
  return (
    <div className="alert-strip" role="region" aria-label="Contacto">
      <ul className="alert-strip__items page-width">
        {items.map((item, i) => (
          <li key={item.key} className={i === current ? 'is-current' : undefined}>
            {item.content}
          </li>
        ))}
      </ul>
    </div>
  );
}
