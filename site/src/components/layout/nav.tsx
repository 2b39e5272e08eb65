import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { PATHS } from '@shared/paths';
import { useSession } from '../../session/use-session';
import { LogoutIcon, MenuIcon, CloseIcon, UserIcon } from '../ui/icons';
import { Logo } from './logo';
import './nav.css';

const LINKS = [
  { to: PATHS.home, label: 'Inicio', end: true },
  { to: PATHS.deals, label: 'Deals', end: false },
  { to: PATHS.contact, label: 'Contacto', end: false },
];

/**
 * The main navigation: transparent over the page's hero, then a white bar with the dark logo once
 * the page is scrolled (solid from the start on pages without a hero: the account screens). Visitors get 'Reserva Ahora';
 * signed-in users their profile and logout buttons.
 */
export function Nav({ onBook, solid = false }: { onBook: () => void; solid?: boolean }) {
  const { pathname } = useLocation();
  const session = useSession();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 40);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => setMenuOpen(false), [pathname]);

  const dark = (scrolled && !solid) || menuOpen;
  const signedIn = session.isAuthenticated;
  return (
    <header className={`nav${dark ? ' nav--scrolled' : ''}${solid ? ' nav--solid' : ''}`}>
      <div className="nav__inner page-width">
        <Link to={PATHS.home} className="nav__brand" aria-label="Ofertas de Viaje, inicio">
          <Logo tone={dark || solid ? 'dark' : 'light'} />
        </Link>
        <button
          type="button"
          className="icon-button nav__toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          <span className="visually-hidden">Menú</span>
        </button>
        <nav id="main-menu" className={`nav__menu${menuOpen ? ' nav__menu--open' : ''}`} aria-label="Principal">
          <ul className="nav__links">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} className="nav__link">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav__actions">
            {signedIn ? (
              <>
                <Link to={PATHS.account} className="button button--small button--ghost nav__profile">
                  <UserIcon size={18} /> Mi perfil
                </Link>
                <button
                  type="button"
                  className="button button--small nav__logout"
                  onClick={() => void session.logout()}
                >
                  <LogoutIcon size={18} /> Cerrar sesión
                </button>
              </>
            ) : (
              <button type="button" className="button button--small" onClick={onBook}>
                Reserva Ahora
              </button>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
