import type { ReactNode } from 'react';
import '../account.css';

interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Text beside the card on wide screens (the sign-up offer, for instance). */
  aside?: ReactNode;
}

/** The frame of the sign-in, sign-up and password screens: a card on a tinted band. */
export function AuthCard({ title, lead, children, aside }: AuthCardProps) {
  return (
    <section className={`auth${aside ? ' auth--with-aside' : ''}`}>
      <div className="auth__inner page-width">
        {aside && <div className="auth__aside">{aside}</div>}
        <div className="auth__card">
          <h1 className="auth__title">{title}</h1>
          {lead && <p className="auth__lead">{lead}</p>}
          {children}
        </div>
      </div>
    </section>
  );
}

/** Shown while the stored session is being read, so a signed-in visitor never sees a form flash by. */
export function AuthLoading() {
  return (
    <section className="auth" aria-busy="true">
      <div className="auth__loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Cargando…</span>
      </div>
    </section>
  );
}
