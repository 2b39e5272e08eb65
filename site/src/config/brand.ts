/** The agency's contact details, shown in the alert strip, footer, chat link and thank-you modal. */
export const BRAND = {
  name: 'Ofertas de Viaje',
  tagline: 'Resorts y hoteles con descuento',
  infoEmail: 'info@ofertasdeviaje.com',
  supportEmail: 'soporte@ofertasdeviaje.com',
  /** Two support lines (FAQ facts). */
  phones: [
    { label: '+1 (800) 555-0142', tel: '+18005550142' },
    { label: '+1 (305) 555-0187', tel: '+13055550187' },
  ],
  /** The number the thank-you modal offers for an extra benefit. */
  benefitPhone: { label: '+1 (305) 555-0187', tel: '+13055550187' },
  whatsapp: 'https://wa.me/13055550187',
  instagram: 'https://www.instagram.com/ofertasdeviaje',
  facebook: 'https://www.facebook.com/ofertasdeviaje',
  /** The agency's video, embedded with the privacy-enhanced player. */
  videoId: 'ysz5S6PUM-U',
} as const;
