import type { DestinationData } from '../../app/routes/destination';
import '../catalogue/catalogue.css';
import { FaqTeaser } from '../faq/faq-teaser';
import { Testimonials } from '../testimonials/testimonials';
import { Countdown } from './countdown';
import './destination.css';
import { Gallery } from './gallery';
import { HotelCarousel } from './hotel-carousel';
import { Includes } from './includes';
import { LeadHero } from './lead-hero';
import { PackBlock } from './pack-block';
import { Related } from './related';
import { StickyBar } from './sticky-bar';
import { ThingsToDo } from './things-to-do';

/** The destination page, top to bottom as the spec orders it. */
export function DestinationPage({ destination, packs, related }: DestinationData) {
  return (
    <>
      <StickyBar destination={destination} />
      <Gallery destination={destination} />
      <LeadHero destinationId={destination.id} name={destination.name} />
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
      <Includes packs={packs} />
      <ThingsToDo destination={destination} />
      <HotelCarousel destination={destination} />
      <Testimonials />
      <FaqTeaser />
      <Related destinations={related} />
    </>
  );
}
