import { isRouteErrorResponse, Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { useDocumentMeta } from './document-meta';
import { errorMeta } from './page-meta';
import './route-error.css';

/**
 * What a failed page shows, inside the shell: the site's not-found page for a 404 (unknown page
 * or destination), otherwise 'Unexpected Application Error!' with the status text or message.
 */
export function RouteError({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentMeta(errorMeta(error));
  if (notFound) {
    return (
      <section className="error-page">
        <div className="error-page__inner page-width">
          <p className="error-page__code">404</p>
          <h1>Página no encontrada</h1>
          <p>El destino o la página que buscas no existe o ya no está disponible.</p>
          <div className="error-page__actions">
            <Link className="button" to={PATHS.deals}>
              Ver ofertas
            </Link>
            <Link className="button button--ghost" to={PATHS.home}>
              Ir al inicio
            </Link>
          </div>
        </div>
      </section>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <section className="error-page">
      <div className="error-page__inner page-width">
        <h1>Unexpected Application Error!</h1>
        <p className="error-page__detail">{detail}</p>
        <div className="error-page__actions">
          {/* A page's code that failed to arrive (or was replaced by a new version) comes with a reload. */}
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Recargar la página
          </button>
          <Link className="button button--ghost" to={PATHS.home}>
            Ir al inicio
          </Link>
        </div>
      </div>
    </section>
  );
}
