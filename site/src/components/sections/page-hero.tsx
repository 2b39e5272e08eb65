import type { ReactNode } from 'react';
import { Picture } from '../ui/picture';
import './page-hero.css';

/** A full-width picture with a dark veil and the page's heading over it. */
export function PageHero({
  image,
  title,
  subtitle,
  children,
  size = 'normal',
}: {
  image: string | null;
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  size?: 'normal' | 'tall';
}) {
  return (
    <section className={`page-hero page-hero--${size}`}>
      <Picture
        className="page-hero__image"
        src={image}
        alt=""
        width={1600}
        height={800}
        highPriority
        portrait
        sizes="(max-width: 800px) 1200px, 100vw"
      />
      <div className="page-hero__veil" />
      <div className="page-hero__content page-width">
        <h1 className="page-hero__title">{title}</h1>
        {subtitle && <p className="page-hero__subtitle">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
