import type { RouteObject } from 'react-router';
import { SimpleHero } from '../../components/sections/simple-hero';
import { PrivacyContent } from '../../features/legal/privacy-content';
import { TermsContent } from '../../features/legal/terms-content';
import { SITE_NAME } from '../page-meta';

function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <SimpleHero title={title} subtitle="Última actualización: enero de 2026" />
      <section className="section section--white">
        <div className="page-width">{children}</div>
      </section>
    </>
  );
}

export const termsRoute: RouteObject = {
  id: 'terms',
  path: 'terms',
  Component: () => (
    <LegalPage title="Términos y condiciones">
      <TermsContent />
    </LegalPage>
  ),
  handle: {
    cacheable: true,
    meta: () => ({
      title: `Términos y condiciones | ${SITE_NAME}`,
      description: 'Condiciones de reserva, pagos, precios, cancelaciones y reembolsos de nuestros paquetes de viaje.',
      path: '/terms',
    }),
  },
};

export const privacyRoute: RouteObject = {
  id: 'privacy',
  path: 'privacy-policy',
  Component: () => (
    <LegalPage title="Política de privacidad">
      <PrivacyContent />
    </LegalPage>
  ),
  handle: {
    cacheable: true,
    meta: () => ({
      title: `Política de privacidad | ${SITE_NAME}`,
      description: 'Qué datos recopilamos, cómo los usamos y compartimos, cookies y tus derechos sobre tu información.',
      path: '/privacy-policy',
    }),
  },
};
