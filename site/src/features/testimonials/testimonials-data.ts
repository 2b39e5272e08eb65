/** The nine built-in testimonials. */
export interface Testimonial {
  name: string;
  comment: string;
  /** Optional picture; an initial-letter avatar shows when there is none or it fails. */
  image?: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Mariana López',
    comment:
      'Reservamos Punta Cana para nuestro aniversario y todo fue perfecto: el resort, el traslado y la atención.',
    image: '/img/testimonials/mariana.svg',
  },
  {
    name: 'Carlos Hernández',
    comment: 'Pagamos casi la mitad de lo que costaba en otras páginas. El equipo respondió cada duda por WhatsApp.',
  },
  {
    name: 'Andrea Gómez',
    comment: 'Cancún con mis hijos fue un sueño. Nos ayudaron a cambiar las fechas sin ningún problema.',
    image: '/img/testimonials/andrea.svg',
  },
  {
    name: 'Jorge Ramírez',
    comment: 'Excelente servicio. El paquete a Las Vegas incluía todo lo prometido y el hotel era espectacular.',
  },
  {
    name: 'Lucía Fernández',
    comment: 'Me llamaron a las pocas horas de dejar mis datos y en un día ya tenía mi viaje confirmado.',
    image: '/img/testimonials/lucia.svg',
  },
  {
    name: 'Roberto Díaz',
    comment: 'Orlando con toda la familia a un precio increíble. Repetiremos el próximo verano, sin duda.',
  },
  {
    name: 'Paola Castillo',
    comment: 'La tarifa Sneak Peak nos permitió reservar Cabo San Lucas con meses de flexibilidad. ¡Recomendados!',
  },
  {
    name: 'Fernando Ruiz',
    comment: 'Atención en español las 24 horas. Tuvimos un retraso de vuelo y lo resolvieron todo por nosotros.',
  },
  {
    name: 'Gabriela Torres',
    comment: 'Segunda vez que viajo con ellos y siempre superan mis expectativas. Transparentes y sin cargos ocultos.',
  },
];

export const TESTIMONIALS_PAGE = 3;
