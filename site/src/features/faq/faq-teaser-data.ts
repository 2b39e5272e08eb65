import type { FaqItem } from './faq-item';

/*
 * The questions the home and destination pages show before linking to the FAQ page, in their own
 * module: the home page's code is on a budget, and the FAQ page's other fourteen stay out of it.
 * The FAQ page lists these too, in their places (faq-data.ts).
 */

export const VUELOS: FaqItem = {
  id: 'vuelos',
  question: '¿El paquete incluye los vuelos?',
  answer:
    'No. Nuestros paquetes incluyen el alojamiento y los beneficios descritos en cada oferta, pero los vuelos no están incluidos. Si lo deseas, nuestro equipo puede ayudarte a encontrar boletos aéreos que se ajusten a tus fechas.',
};

export const SNEAK_PEAK: FaqItem = {
  id: 'sneak-peak',
  question: '¿Qué es la tarifa Sneak Peak?',
  answer:
    'Es una tarifa promocional que te permite asegurar hoy el precio con descuento y definir tus fechas después, con una flexibilidad de hasta 18 meses para viajar.',
};

export const TODO_INCLUIDO: FaqItem = {
  id: 'todo-incluido',
  question: '¿Qué incluye el plan todo incluido?',
  answer:
    'Los paquetes todo incluido cubren el alojamiento, todas las comidas y bebidas en los restaurantes y bares del resort, actividades diarias, entretenimiento nocturno e impuestos del hotel. Los servicios de spa y las excursiones se pagan aparte.',
};

export const REEMBOLSOS: FaqItem = {
  id: 'reembolsos',
  question: '¿Puedo obtener un reembolso?',
  answer:
    'Contamos con una garantía de reembolso completo durante los primeros 5 días después de tu compra. Después de ese plazo, las cancelaciones con al menos 7 días de anticipación reciben un reembolso parcial, y las tarifas promocionales pueden no ser reembolsables.',
};

/** In the FAQ page's order. */
export const FAQ_TEASER: readonly FaqItem[] = [VUELOS, SNEAK_PEAK, TODO_INCLUIDO, REEMBOLSOS];
