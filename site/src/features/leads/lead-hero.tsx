import { LeadPageForm } from './lead-page-form';
import { LEAD_TEXT } from './lead-texts';
import { VideoEmbed } from './thank-you-modal';

/** 'Reserva tu cupo ahora y recibe hasta 40% OFF': the destination's lead form beside its video. */
export function LeadHero({ destinationId, name }: { destinationId: number; name: string }) {
  return (
    <section className="lead-hero" aria-labelledby="lead-hero-title">
      <div className="lead-hero__inner page-width">
        <div className="lead-hero__pitch">
          <h2 id="lead-hero-title">{LEAD_TEXT.pageTitle}</h2>
          <p>Déjanos tus datos y un asesor te llamará con la mejor tarifa disponible para {name}. Sin compromiso.</p>
        </div>
        <div className="lead-hero__card" id="reservar">
          <h3>Reserva tu cupo ahora</h3>
          <LeadPageForm destinationId={destinationId} />
        </div>
        <div className="lead-hero__video">
          <VideoEmbed title={`Descubre ${name}`} />
        </div>
      </div>
    </section>
  );
}
