import { Suspense } from 'react';
import type { DestinationDetail, PackSummary } from '@shared/api/catalogue';
import '../../features/catalogue/catalogue.css';
import { FaqTeaser } from '../../features/faq/faq-teaser';
import { Testimonials } from '../../features/testimonials/testimonials';
import { Countdown } from '../../features/destination/countdown';
import '../../features/destination/destination.css';
import { Gallery } from '../../features/destination/gallery';
import { HotelCarousel } from '../../features/destination/hotel-carousel';
import { Includes } from '../../features/destination/includes';
import { LeadHero } from '../../features/leads/lead-hero';
import { PackBlock } from '../../features/destination/pack-block';
import { Related } from '../../features/catalogue/related';
import { StickyBar } from '../../features/destination/sticky-bar';
import { ThingsToDo } from '../../features/destination/things-to-do';

/** What the destination route reads for its page. */
export interface DestinationData {
  destination: DestinationDetail;
  packs: PackSummary[];
  /** null when they could not be read. */
  related: DestinationDetail[];
}

/**
 * The destination page, top to bottom as the spec orders it. The sections below the first screen
 * sit in Suspense boundaries, which split hydration: the browser hydrates the first screen in one
 * pass and each boundary in a later one of its own, yielding in between (a click or a key press on a
 * section not hydrated yet hydrates it first and is then replayed), instead of one long task for the
 * whole page on a slow phone.
 */
export function DestinationPage({ destination, packs, related }: DestinationData) {
  return (
    <>
      <StickyBar destination={destination} />
      <Gallery destination={destination} />
      <LeadHero destinationId={destination.id} name={destination.name} />
      <Suspense>
        <Countdown />
        <div className="name-bar">
          <div className="page-width">
            <p className="name-bar__title">{destination.name}</p>
            <p className="name-bar__place">{destination.location}</p>
          </div>
        </div>
        <section className="section" aria-label="Paquetes de viaje">
          <div className="packs page-width">
            {packs.length === 0 ? (
              <p className="empty-state">No travel packs available.</p>
            ) : (
              packs.map((p) => <PackBlock key={p.id} pack={p} />)
            )}
          </div>
        </section>
      </Suspense>
      <Suspense>
        <Includes packs={packs} />
        <ThingsToDo destination={destination} />
        <HotelCarousel destination={destination} />
      </Suspense>
      <Suspense>
        <Testimonials />
        <FaqTeaser />
        <Related destinations={related} />
      </Suspense>
    </>
  );
}
