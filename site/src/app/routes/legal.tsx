import { PATHS } from '@shared/paths';
import type { RouteObject } from 'react-router';
import { SimpleHero } from '../../components/sections/simple-hero';
import { PrivacyContent } from '../../features/legal/privacy-content';
import { TermsContent } from '../../features/legal/terms-content';
import { SITE_NAME } from '../page-meta';

function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  return (
    <>
      <SimpleHero title={title} subtitle={`Última actualización: ${updated}`} />
      <section className="section section--white">
        <div className="page-width">{children}</div>
      </section>
    </>
  );
}

export const termsRoute: RouteObject = {
  id: 'terms',
  path: PATHS.terms,
  Component: () => (
    <LegalPage title="Términos y condiciones" updated="enero de 2026">
      <TermsContent />
    </LegalPage>
  ),
  handle: {
    cacheable: true,
    meta: () => ({
      title: `Términos y condiciones | ${SITE_NAME}`,
      description: 'Condiciones de reserva, pagos, precios, cancelaciones y reembolsos de nuestros paquetes de viaje.',
      path: PATHS.terms,
    }),
  },
};

export const privacyRoute: RouteObject = {
  id: 'privacy',
  path: PATHS.privacy,
  Component: () => (
    <LegalPage title="Política de privacidad" updated="noviembre de 2026">
      <PrivacyContent />
    </LegalPage>
  ),
  handle: {
    cacheable: true,
    meta: () => ({
      title: `Política de privacidad | ${SITE_NAME}`,
      description:
        'Qué datos recopilamos, cómo los usamos y compartimos, cuánto tiempo los guardamos, cookies y tus derechos.',
      path: PATHS.privacy,
    }),
  },
};
