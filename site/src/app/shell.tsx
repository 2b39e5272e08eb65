import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AlertStrip } from '../components/layout/alert-strip';
import { ChatLink } from '../components/layout/chat-link';
import { Footer } from '../components/layout/footer';
import { Nav } from '../components/layout/nav';
import { Preloader } from '../components/layout/preloader';
import { RouteNotice } from '../components/layout/route-notice';
import '../components/layout/shell-extras.css';
import { LeadModalContext } from '../lib/lead-modal-context';
import { SocialProofPopup } from '../features/social-proof/social-proof-popup';
import type { RouteHandle } from './page-meta';
import { usePageState } from './page-state';

// The lead form (and its form library) is fetched when a visitor first asks for it.
const LeadModal = lazy(() => import('../features/leads/lead-modal').then((m) => ({ default: m.LeadModal })));

/** The public shell around every page: alert strip, navigation, footer and the floating pieces. */
export function Shell() {
  const { pathname } = useLocation();
  const { matches } = usePageState();
  const hideNav = matches.some((m) => (m.handle as RouteHandle | undefined)?.hideNav);
  const solidNav = matches.some((m) => (m.handle as RouteHandle | undefined)?.solidNav);
  const [lead, setLead] = useState<{ open: boolean; destinationId?: number }>({ open: false });
  const [leadWanted, setLeadWanted] = useState(false);
  const openLead = useCallback((destinationId?: number) => {
    setLeadWanted(true);
    setLead({ open: true, destinationId });
  }, []);

  // Marks the page as interactive (browser tests wait for it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // A new page starts at its top (the browser's own restoration handles back/forward).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <LeadModalContext.Provider value={openLead}>
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Preloader key={pathname} />
      <AlertStrip />
      {!hideNav && <Nav solid={solidNav} onBook={() => openLead()} />}
      <RouteNotice />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ChatLink />
      <SocialProofPopup />
      {leadWanted && (
        <Suspense fallback={null}>
          <LeadModal open={lead.open} destinationId={lead.destinationId} onClose={() => setLead({ open: false })} />
        </Suspense>
      )}
    </LeadModalContext.Provider>
  );
}
