import { Link } from 'react-router';
import { BRAND } from '../../config/brand';
import { PATHS } from '@shared/paths';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon } from '../ui/icons';
import { Logo } from './logo';
import './footer.css';

const EXPLORE = [
  { to: PATHS.destinations, label: 'Destinos' },
  { to: PATHS.deals, label: 'Deals' },
  { to: PATHS.contact, label: 'Contacto' },
  { to: PATHS.faq, label: 'Preguntas frecuentes' },
];
const ACCOUNT = [
  { to: PATHS.login, label: 'Iniciar sesión' },
  { to: PATHS.signUp, label: 'Crear cuenta' },
];
const LEGAL = [
  { to: PATHS.privacy, label: 'Política de privacidad' },
  { to: PATHS.terms, label: 'Términos y condiciones' },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__grid page-width">
        <div className="footer__brand">
          <Logo tone="light" />
          <p>
            Más de 30,000 viajeros ya disfrutaron del Caribe y Estados Unidos con nuestras ofertas. Más de 15 años de
            experiencia y soporte 24/7.
          </p>
          <div className="footer__social">
            <a href={BRAND.instagram} target="_blank" rel="noopener noreferrer" aria-label="Instagram">
              <InstagramIcon />
            </a>
            <a href={BRAND.facebook} target="_blank" rel="noopener noreferrer" aria-label="Facebook">
              <FacebookIcon />
            </a>
          </div>
        </div>
        <FooterColumn title="Explora" links={EXPLORE} />
        <FooterColumn title="Tu cuenta" links={ACCOUNT} />
        <div>
          <h2 className="footer__title">Contáctanos</h2>
          <ul className="footer__list">
            {BRAND.phones.map((p) => (
              <li key={p.tel}>
                <a href={`tel:${p.tel}`}>
                  <PhoneIcon size={16} /> {p.label}
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${BRAND.infoEmail}`}>
                <MailIcon size={16} /> {BRAND.infoEmail}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer__bottom page-width">
        <span>
          © {new Date().getFullYear()} {BRAND.name}. Todos los derechos reservados.
        </span>
        <ul className="footer__legal">
          {LEGAL.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  return (
    <div>
      <h2 className="footer__title">{title}</h2>
      <ul className="footer__list">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
