import { Logo } from './logo';

/**
 * The brand preloader: a veil with the logo that fades away within 1 s of each page. It is pure
 * CSS and lets clicks through, so the server-rendered content underneath is in the document (for
 * crawlers) and painted (for the largest-paint metric) from the start; the shell re-mounts it on
 * every navigation so the animation plays again.
 */
export function Preloader() {
  return (
    <div className="preloader" aria-hidden="true">
      <div className="preloader__mark">
        <Logo tone="dark" />
        <span className="preloader__bar" />
      </div>
    </div>
  );
}
