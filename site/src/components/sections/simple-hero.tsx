import type { ReactNode } from 'react';
import './page-hero.css';

/** A banner without a photograph, for text pages (FAQ, legal, contact). */
export function SimpleHero({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <section className="simple-hero">
      <div className="page-width">
        <h1 className="simple-hero__title">{title}</h1>
        {subtitle && <p className="simple-hero__subtitle">{subtitle}</p>}
      </div>
    </section>
  );
}
