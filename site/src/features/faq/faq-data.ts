import { BRAND } from '../../config/brand';
import type { FaqItem } from './faq-item';
import { REEMBOLSOS, SNEAK_PEAK, TODO_INCLUIDO, VUELOS } from './faq-teaser-data';

const phones = BRAND.phones.map((p) => p.label).join(' y ');

/** The FAQ page's eighteen questions and answers. */
export const FAQ: readonly FaqItem[] = [
  VUELOS,
  {
    id: 'mascotas',
    question: '¿Puedo viajar con mi mascota?',
    answer:
      'La mayoría de los resorts de nuestros paquetes no admiten mascotas. Algunos hoteles aceptan animales de servicio; consúltanos antes de reservar y verificaremos la política del hotel elegido.',
  },
  {
    id: 'fechas-bloqueadas',
    question: '¿Existen fechas bloqueadas?',
    answer:
      'Sí. Los feriados principales, Semana Santa, Navidad y Año Nuevo suelen estar bloqueados o tener disponibilidad limitada. Te confirmaremos las fechas disponibles al momento de reservar.',
  },
  {
    id: 'cuando-reservar',
    question: '¿Con cuánto tiempo de anticipación debo elegir mis fechas?',
    answer:
      'Tienes hasta 18 meses desde tu compra para viajar. Te recomendamos elegir tus fechas con la mayor anticipación posible para asegurar disponibilidad.',
  },
  SNEAK_PEAK,
  {
    id: 'elegibilidad',
    question: '¿Quién puede comprar una oferta?',
    answer:
      'Cualquier persona mayor de edad con una identificación oficial vigente y una tarjeta de crédito o débito a su nombre. Algunos resorts exigen que el titular tenga al menos 25 años.',
  },
  TODO_INCLUIDO,
  {
    id: 'precio-estadia',
    question: '¿El precio es por persona o por la estadía completa?',
    answer:
      'El precio publicado corresponde a la estadía completa descrita en el paquete para el número de personas indicado, no por noche.',
  },
  {
    id: 'soporte',
    question: '¿Cómo puedo comunicarme con soporte?',
    answer: `Te atendemos de lunes a sábado de 9am a 9pm EST y los domingos de 9am a 7pm EST en los teléfonos ${phones}. También puedes escribirnos a ${BRAND.supportEmail}; solemos responder los correos en menos de 30 minutos.`,
  },
  {
    id: 'noches-extra',
    question: '¿Puedo agregar noches adicionales?',
    answer:
      'Sí, puedes agregar noches extra antes o después de tu estadía según la disponibilidad del hotel, a una tarifa preferencial para nuestros clientes.',
  },
  {
    id: 'que-incluye',
    question: '¿Qué incluye exactamente la oferta?',
    answer:
      'Cada oferta detalla en su página las noches de alojamiento, el tipo de habitación, el plan de comidas y los beneficios adicionales. Revisa la sección «Qué Incluye» del destino o pregúntanos cualquier duda.',
  },
  {
    id: 'cargos-ocultos',
    question: '¿Hay cargos ocultos?',
    answer:
      'No. El precio que ves es el precio que pagas por el paquete. Solo algunos destinos cobran tasas turísticas locales que se pagan directamente en el hotel, y siempre te las informamos antes de reservar.',
  },
  REEMBOLSOS,
  {
    id: 'transferir',
    question: '¿Puedo transferir mi paquete a otra persona?',
    answer:
      'Sí. Puedes transferir tu paquete a un familiar o amigo sin costo, siempre que nos avises antes de confirmar las fechas con el hotel.',
  },
  {
    id: 'finalizar-fechas',
    question: '¿Cómo finalizo mis fechas de viaje?',
    answer:
      'Llámanos o escríbenos con dos o tres opciones de fechas. Verificamos la disponibilidad con el resort y te enviamos la confirmación por correo electrónico.',
  },
  {
    id: 'aviso-15-dias',
    question: '¿Con cuánta anticipación debo avisar antes de viajar?',
    answer:
      'Necesitamos un aviso mínimo de 15 días antes de la fecha de llegada para confirmar tu reserva con el hotel.',
  },
  {
    id: 'disponibilidad',
    question: '¿Cómo reviso la disponibilidad antes de comprar?',
    answer:
      'Deja tus datos en el formulario «Reserva Ahora» o llámanos: un asesor revisará la disponibilidad para tus fechas antes de que completes la compra.',
  },
  {
    id: 'pagos',
    question: '¿Qué formas de pago aceptan?',
    answer:
      'Aceptamos tarjetas de crédito, tarjetas de débito y transferencias bancarias. Tu reserva queda confirmada una vez recibido el pago.',
  },
];
