/** The demo catalogue (SEED_DEMO): the five destinations the site's social proof names. */
import { PaletteName } from './scenes/palettes';
import { SceneKind } from './scenes/scenes';

export interface DemoImage {
  scene: SceneKind;
  palette: PaletteName;
}

export interface DemoPack {
  name: string;
  description: string;
  price: number;
  discount_price: number;
  features: string[];
  amenities: string[];
  is_featured: boolean;
  /** Bookable from today, or from the first day of next month. */
  starts: 'today' | 'next-month';
  /** Bookable for this many months after it starts. */
  months: number;
}

export interface DemoDestination {
  /** Names the image files: seed/<slug>-main.webp, seed/<slug>-gallery-1.webp... */
  slug: string;
  name: string;
  location: string;
  description: string;
  latitude: number;
  longitude: number;
  is_priority: boolean;
  /** Tints every picture of the destination. */
  accent: string;
  main: DemoImage;
  gallery: DemoImage[];
  hotel: DemoImage[];
  things_to_do: Array<{ title: string; description: string }>;
  packs: DemoPack[];
}

export const DEMO_DESTINATIONS: DemoDestination[] = [
  {
    slug: 'punta-cana',
    name: 'Punta Cana',
    location: 'La Altagracia, República Dominicana',
    description:
      'Punta Cana es sinónimo de arena blanca, aguas turquesa y más de 50 kilómetros de playas bordeadas de cocoteros en el extremo oriental de la República Dominicana. Sus resorts todo incluido, sus campos de golf de clase mundial y las excursiones a islas vírgenes como Saona la convierten en el destino ideal para parejas y familias. Disfruta del merengue, la gastronomía criolla y atardeceres inolvidables frente al Caribe.',
    latitude: 18.5601,
    longitude: -68.3725,
    is_priority: true,
    accent: '#ff8a65',
    main: { scene: 'beach', palette: 'caribbeanDay' },
    gallery: [
      { scene: 'sailboat', palette: 'sunset' },
      { scene: 'beach', palette: 'morning' },
      { scene: 'bungalows', palette: 'golden' },
      { scene: 'whale', palette: 'caribbeanDay' },
    ],
    hotel: [
      { scene: 'hotel', palette: 'caribbeanDay' },
      { scene: 'pool', palette: 'morning' },
      { scene: 'hotel', palette: 'sunset' },
    ],
    things_to_do: [
      {
        title: 'Excursión a Isla Saona',
        description:
          'Navega en catamarán por el Parque Nacional del Este hasta Isla Saona, con parada en la piscina natural de estrellas de mar y almuerzo buffet en la playa.',
      },
      {
        title: 'Hoyo Azul y Scape Park',
        description:
          'Nada en un cenote de aguas cristalinas al pie de un acantilado de 75 metros y recorre tirolesas, cuevas y senderos en plena selva de Cap Cana.',
      },
      {
        title: 'Playa Bávaro',
        description:
          'Relájate en una de las playas más famosas del Caribe, con arena fina, arrecifes que calman el oleaje y deportes acuáticos como kayak, paddle board y snorkel.',
      },
      {
        title: 'Buceo y snorkel en los arrecifes',
        description:
          'Descubre corales, peces tropicales y barcos hundidos con operadores certificados, una experiencia ideal tanto para principiantes como para buzos con experiencia.',
      },
      {
        title: 'Ballenas jorobadas en Samaná',
        description:
          'Entre enero y marzo miles de ballenas jorobadas llegan a la bahía de Samaná; una excursión de día completo te acerca a este espectáculo natural único.',
      },
    ],
    packs: [
      {
        name: '5 Días / 4 Noches Todo Incluido en Bávaro',
        description:
          'Cuatro noches en un resort cinco estrellas frente a Playa Bávaro con plan todo incluido: comidas, bebidas nacionales e internacionales, deportes acuáticos no motorizados y entretenimiento nocturno. Incluye traslados entre el aeropuerto y el hotel.',
        price: 1299,
        discount_price: 779,
        features: [
          '4 noches en habitación Deluxe con vista al jardín',
          'Plan todo incluido 24 horas',
          'Traslados aeropuerto - hotel - aeropuerto',
          'Acceso a 5 restaurantes a la carta',
          'Niños menores de 12 años gratis',
        ],
        amenities: [
          'Wi-Fi gratis',
          'Piscina',
          'Desayuno buffet',
          'Bar en la piscina',
          'Gimnasio',
          'Spa',
          'Club infantil',
          'Playa privada',
        ],
        is_featured: true,
        starts: 'today',
        months: 12,
      },
      {
        name: '7 Días / 6 Noches Luna de Miel en Cap Cana',
        description:
          'Celebra tu luna de miel con seis noches en una suite con jacuzzi privado, cena romántica en la playa, masaje para dos y botella de vino espumoso a la llegada. Plan todo incluido exclusivo para adultos.',
        price: 2499,
        discount_price: 1549,
        features: [
          '6 noches en Junior Suite con jacuzzi',
          'Cena romántica frente al mar',
          'Masaje en pareja de 50 minutos',
          'Resort solo para adultos',
        ],
        amenities: [
          'Wi-Fi gratis',
          'Piscina infinita',
          'Spa',
          'Servicio a la habitación 24 h',
          'Playa privada',
          'Bar en la piscina',
        ],
        is_featured: false,
        starts: 'next-month',
        months: 10,
      },
      {
        name: '4 Días / 3 Noches Escapada Familiar en Uvero Alto',
        description:
          'Tres noches en un resort familiar con parque acuático, club infantil y actividades para todas las edades. Plan todo incluido con menús para niños y traslados incluidos.',
        price: 899,
        discount_price: 549,
        features: [
          '3 noches en habitación familiar',
          'Acceso ilimitado al parque acuático',
          'Club infantil de 4 a 12 años',
        ],
        amenities: ['Wi-Fi gratis', 'Piscina', 'Parque acuático', 'Desayuno buffet', 'Club infantil'],
        is_featured: false,
        starts: 'today',
        months: 8,
      },
    ],
  },
  {
    slug: 'cancun',
    name: 'Cancún',
    location: 'Quintana Roo, México',
    description:
      'Cancún combina el azul intenso del mar Caribe con la riqueza de la cultura maya. Su Zona Hotelera, una franja de 22 kilómetros entre el mar y la laguna Nichupté, reúne resorts de lujo, vida nocturna y playas de arena blanca. Desde aquí se visitan Chichén Itzá, Tulum, Isla Mujeres y decenas de cenotes de aguas cristalinas.',
    latitude: 21.1619,
    longitude: -86.8515,
    is_priority: true,
    accent: '#26c6da',
    main: { scene: 'beach', palette: 'morning' },
    gallery: [
      { scene: 'pyramid', palette: 'golden' },
      { scene: 'sailboat', palette: 'caribbeanDay' },
      { scene: 'beach', palette: 'sunset' },
      { scene: 'bungalows', palette: 'dusk' },
    ],
    hotel: [
      { scene: 'tower-hotel', palette: 'caribbeanDay' },
      { scene: 'pool', palette: 'golden' },
      { scene: 'hotel', palette: 'dusk' },
    ],
    things_to_do: [
      {
        title: 'Zona arqueológica de Chichén Itzá',
        description:
          'Visita una de las Siete Maravillas del Mundo Moderno y la pirámide de Kukulcán, con parada para nadar en el cenote Ik Kil y comida típica yucateca.',
      },
      {
        title: 'Isla Mujeres en catamarán',
        description:
          'Zarpa hacia Isla Mujeres con barra libre a bordo, snorkel en el arrecife El Farito y tiempo libre para recorrer Playa Norte en carrito de golf.',
      },
      {
        title: 'Museo Subacuático de Arte (MUSA)',
        description:
          'Haz snorkel o buceo entre más de 500 esculturas sumergidas que forman un arrecife artificial frente a las costas de Cancún e Isla Mujeres.',
      },
      {
        title: 'Parques Xcaret y Xel-Há',
        description:
          'Ríos subterráneos, caletas para nadar con peces tropicales y el espectáculo nocturno México Espectacular en los parques ecológicos más famosos de la Riviera Maya.',
      },
      {
        title: 'Ruta de los Cenotes',
        description:
          'Recorre en bicicleta o tirolesa la selva de Puerto Morelos y refréscate en cenotes abiertos, semiabiertos y de caverna con aguas de color turquesa.',
      },
      {
        title: 'Tulum frente al mar',
        description:
          'Conoce la antigua ciudad amurallada de Tulum sobre un acantilado frente al Caribe y termina el día en sus playas y restaurantes de cocina local.',
      },
    ],
    packs: [
      {
        name: '5 Días / 4 Noches Todo Incluido en la Zona Hotelera',
        description:
          'Cuatro noches en un resort frente al mar en el kilómetro 12 de la Zona Hotelera con plan todo incluido, bebidas premium, shows nocturnos y acceso a la playa. Incluye traslados desde el aeropuerto de Cancún.',
        price: 1399,
        discount_price: 839,
        features: [
          '4 noches en habitación con vista al mar',
          'Plan todo incluido con bebidas premium',
          'Traslados aeropuerto - hotel - aeropuerto',
          'Entrada a un parque ecológico',
        ],
        amenities: [
          'Wi-Fi gratis',
          'Piscina',
          'Desayuno buffet',
          'Playa privada',
          'Gimnasio',
          'Spa',
          'Bar en la piscina',
        ],
        is_featured: true,
        starts: 'today',
        months: 12,
      },
      {
        name: '6 Días / 5 Noches Cancún y Riviera Maya',
        description:
          'Combina tres noches en Cancún y dos en Playa del Carmen con excursión a Chichén Itzá y al cenote Ik Kil. Hoteles de cuatro y cinco estrellas con desayuno incluido y traslados entre destinos.',
        price: 1899,
        discount_price: 1199,
        features: [
          '3 noches en Cancún y 2 en Playa del Carmen',
          'Excursión a Chichén Itzá con guía en español',
          'Traslados entre hoteles incluidos',
          'Desayuno diario',
        ],
        amenities: ['Wi-Fi gratis', 'Piscina', 'Desayuno buffet', 'Estacionamiento'],
        is_featured: false,
        starts: 'next-month',
        months: 9,
      },
      {
        name: '4 Días / 3 Noches Escapada Romántica en Costa Mujeres',
        description:
          'Tres noches en un resort solo para adultos en Costa Mujeres con suite vista al mar, cena privada en la playa y acceso al spa. Plan todo incluido.',
        price: 999,
        discount_price: 629,
        features: ['3 noches en suite vista al mar', 'Cena privada en la playa', 'Circuito de hidroterapia en el spa'],
        amenities: ['Wi-Fi gratis', 'Piscina infinita', 'Spa', 'Playa privada', 'Servicio a la habitación 24 h'],
        is_featured: true,
        starts: 'today',
        months: 7,
      },
    ],
  },
  {
    slug: 'orlando',
    name: 'Orlando',
    location: 'Florida, Estados Unidos',
    description:
      'Orlando es la capital mundial de los parques temáticos: Walt Disney World, Universal Orlando Resort y SeaWorld esperan a grandes y chicos con atracciones, espectáculos y fuegos artificiales cada noche. Además de la magia, la ciudad ofrece outlets para tus compras, campos de golf y lagos rodeados de palmeras, a una hora de las playas del Atlántico.',
    latitude: 28.5384,
    longitude: -81.3789,
    is_priority: false,
    accent: '#7e57c2',
    main: { scene: 'orlando', palette: 'dusk' },
    gallery: [
      { scene: 'orlando', palette: 'morning' },
      { scene: 'beach', palette: 'golden' },
      { scene: 'orlando', palette: 'sunset' },
      { scene: 'sailboat', palette: 'morning' },
    ],
    hotel: [
      { scene: 'hotel', palette: 'morning' },
      { scene: 'tower-hotel', palette: 'dusk' },
      { scene: 'hotel', palette: 'golden' },
    ],
    things_to_do: [
      {
        title: 'Parques de Walt Disney World',
        description:
          'Magic Kingdom, EPCOT, Hollywood Studios y Animal Kingdom: cuatro parques llenos de atracciones, desfiles y fuegos artificiales para toda la familia.',
      },
      {
        title: 'Universal Orlando Resort',
        description:
          'Vive El Mundo Mágico de Harry Potter, montañas rusas de alta velocidad y los nuevos mundos de Epic Universe en el complejo de Universal.',
      },
      {
        title: 'Kennedy Space Center',
        description:
          'Conoce el transbordador Atlantis, el cohete Saturno V y, con suerte, un lanzamiento real en el centro espacial de la NASA en Cabo Cañaveral.',
      },
      {
        title: 'Compras en los outlets',
        description:
          'Aprovecha los descuentos de Orlando Premium Outlets y del Mall at Millenia, con cientos de marcas a precios de fábrica.',
      },
      {
        title: 'Día de playa en Cocoa Beach',
        description:
          'A menos de una hora de la ciudad, disfruta del Atlántico, surf para principiantes y el famoso muelle de Cocoa Beach.',
      },
    ],
    packs: [
      {
        name: '6 Días / 5 Noches Parques Temáticos con Hotel Oficial',
        description:
          'Cinco noches en un hotel oficial de los parques con transporte gratuito a las atracciones, acceso anticipado y entradas de cuatro días para los parques de Orlando.',
        price: 1899,
        discount_price: 1199,
        features: [
          '5 noches en hotel oficial de los parques',
          'Entradas de 4 días a los parques temáticos',
          'Transporte gratuito a los parques',
          'Acceso anticipado a las atracciones',
        ],
        amenities: ['Wi-Fi gratis', 'Piscina', 'Desayuno buffet', 'Estacionamiento', 'Club infantil', 'Gimnasio'],
        is_featured: true,
        starts: 'today',
        months: 12,
      },
      {
        name: '5 Días / 4 Noches Orlando en Familia con Desayuno',
        description:
          'Cuatro noches en una suite familiar con cocina equipada cerca de International Drive, desayuno diario y auto de alquiler incluido para moverte a tu ritmo.',
        price: 1199,
        discount_price: 749,
        features: ['4 noches en suite familiar con cocina', 'Auto de alquiler por 4 días', 'Desayuno diario'],
        amenities: ['Wi-Fi gratis', 'Piscina', 'Desayuno buffet', 'Estacionamiento', 'Lavandería'],
        is_featured: false,
        starts: 'next-month',
        months: 10,
      },
      {
        name: '4 Días / 3 Noches Compras y Diversión en International Drive',
        description:
          'Tres noches en International Drive, a pasos de outlets, restaurantes y atracciones como ICON Park. Incluye cupones de descuento y traslados desde el aeropuerto.',
        price: 799,
        discount_price: 499,
        features: [
          '3 noches en hotel de International Drive',
          'Cuponera de descuentos en outlets',
          'Traslados desde el aeropuerto',
        ],
        amenities: ['Wi-Fi gratis', 'Piscina', 'Gimnasio', 'Estacionamiento'],
        is_featured: false,
        starts: 'today',
        months: 6,
      },
    ],
  },
  {
    slug: 'las-vegas',
    name: 'Las Vegas',
    location: 'Nevada, Estados Unidos',
    description:
      'Las Vegas nunca duerme: el famoso Strip reúne hoteles temáticos, casinos, espectáculos de talla mundial y restaurantes de chefs reconocidos. Más allá de las luces de neón, el desierto de Mojave ofrece paisajes espectaculares como el Red Rock Canyon, el Valle del Fuego y el Gran Cañón, a pocas horas de camino.',
    latitude: 36.1147,
    longitude: -115.1728,
    is_priority: false,
    accent: '#ffca28',
    main: { scene: 'vegas', palette: 'dusk' },
    gallery: [
      { scene: 'vegas', palette: 'golden' },
      { scene: 'desert', palette: 'desertDay' },
      { scene: 'desert', palette: 'sunset' },
      { scene: 'vegas', palette: 'sunset' },
    ],
    hotel: [
      { scene: 'tower-hotel', palette: 'dusk' },
      { scene: 'hotel', palette: 'desertDay' },
      { scene: 'tower-hotel', palette: 'golden' },
    ],
    things_to_do: [
      {
        title: 'Recorrido nocturno por el Strip',
        description:
          'Camina por el bulevar más famoso del mundo y admira las fuentes del Bellagio, el volcán del Mirage y las réplicas de París y Venecia iluminadas.',
      },
      {
        title: 'Espectáculos de clase mundial',
        description:
          'Elige entre shows del Cirque du Soleil, conciertos de grandes estrellas y espectáculos de magia en los teatros de los hoteles del Strip.',
      },
      {
        title: 'Gran Cañón en helicóptero',
        description:
          'Sobrevuela la presa Hoover y el lago Mead hasta el Gran Cañón, con aterrizaje en el fondo del cañón y brindis con vista al río Colorado.',
      },
      {
        title: 'Red Rock Canyon',
        description:
          'A solo 25 minutos del Strip, recorre en auto o a pie sus formaciones de roca roja, senderos y miradores, perfectos para fotografiar el atardecer.',
      },
      {
        title: 'Fremont Street Experience',
        description:
          'Vive el Las Vegas clásico bajo una bóveda de pantallas LED con música en vivo, tirolesa urbana y los casinos históricos del centro.',
      },
    ],
    packs: [
      {
        name: '4 Días / 3 Noches en el Strip con Show Incluido',
        description:
          'Tres noches en un hotel casino del centro del Strip con entradas para un espectáculo de clase mundial, traslados desde el aeropuerto y crédito para alimentos y bebidas.',
        price: 999,
        discount_price: 599,
        features: [
          '3 noches en hotel del Strip',
          '2 entradas para un espectáculo',
          'Crédito de 50 USD en restaurantes',
          'Traslados desde el aeropuerto',
        ],
        amenities: ['Wi-Fi gratis', 'Piscina', 'Casino', 'Spa', 'Gimnasio', 'Estacionamiento'],
        is_featured: true,
        starts: 'today',
        months: 12,
      },
      {
        name: '5 Días / 4 Noches Las Vegas y Gran Cañón',
        description:
          'Cuatro noches en Las Vegas con excursión de día completo al Gran Cañón en helicóptero, visita a la presa Hoover y cena en un restaurante con vista al Strip.',
        price: 1599,
        discount_price: 999,
        features: [
          '4 noches en hotel de cuatro estrellas',
          'Excursión en helicóptero al Gran Cañón',
          'Visita a la presa Hoover',
          'Cena panorámica',
        ],
        amenities: ['Wi-Fi gratis', 'Piscina', 'Casino', 'Desayuno buffet', 'Gimnasio'],
        is_featured: false,
        starts: 'next-month',
        months: 11,
      },
    ],
  },
  {
    slug: 'cabo-san-lucas',
    name: 'Cabo San Lucas',
    location: 'Baja California Sur, México',
    description:
      'Cabo San Lucas, en la punta de la península de Baja California, es el lugar donde el desierto se encuentra con el mar. Su emblemático Arco de piedra, las playas de Médano y del Amor, la pesca deportiva y el avistamiento de ballenas en invierno atraen a viajeros de todo el mundo. Por la noche, la marina ofrece restaurantes frente al mar y una animada vida nocturna.',
    latitude: 22.8905,
    longitude: -109.9167,
    is_priority: false,
    accent: '#ef6c00',
    main: { scene: 'arch', palette: 'golden' },
    gallery: [
      { scene: 'arch', palette: 'caribbeanDay' },
      { scene: 'whale', palette: 'sunset' },
      { scene: 'sailboat', palette: 'desertDay' },
      { scene: 'beach', palette: 'dusk' },
    ],
    hotel: [
      { scene: 'hotel', palette: 'golden' },
      { scene: 'pool', palette: 'desertDay' },
      { scene: 'tower-hotel', palette: 'sunset' },
    ],
    things_to_do: [
      {
        title: 'El Arco y Playa del Amor',
        description:
          'Toma una lancha desde la marina hasta el famoso Arco de Cabo San Lucas, observa la colonia de lobos marinos y desembarca en la Playa del Amor.',
      },
      {
        title: 'Avistamiento de ballenas',
        description:
          'De diciembre a abril, las ballenas grises y jorobadas visitan las aguas de Los Cabos; obsérvalas de cerca en embarcaciones con guías naturalistas.',
      },
      {
        title: 'Pesca deportiva',
        description:
          'Cabo San Lucas es la capital mundial del marlín: sal a pescar en yates equipados con tripulación experta y equipo incluido.',
      },
      {
        title: 'Atardecer en catamarán',
        description:
          'Navega por la bahía al caer el sol con cena, barra libre y música a bordo, con el Arco y los acantilados como telón de fondo.',
      },
      {
        title: 'Todos Santos, Pueblo Mágico',
        description:
          'Recorre las galerías de arte, el Hotel California y las playas de surf de este encantador pueblo a una hora de Cabo San Lucas.',
      },
    ],
    packs: [
      {
        name: '5 Días / 4 Noches Todo Incluido frente a Playa Médano',
        description:
          'Cuatro noches en un resort frente a Playa Médano con vista al Arco, plan todo incluido, actividades acuáticas y entretenimiento nocturno. Incluye traslados desde el aeropuerto de Los Cabos.',
        price: 1499,
        discount_price: 899,
        features: [
          '4 noches en habitación con vista al mar',
          'Plan todo incluido',
          'Traslados aeropuerto - hotel - aeropuerto',
          'Paseo en lancha al Arco',
        ],
        amenities: [
          'Wi-Fi gratis',
          'Piscina',
          'Desayuno buffet',
          'Playa privada',
          'Bar en la piscina',
          'Spa',
          'Gimnasio',
        ],
        is_featured: true,
        starts: 'today',
        months: 12,
      },
      {
        name: '7 Días / 6 Noches Los Cabos Premium con Spa',
        description:
          'Seis noches en un resort de lujo en el Corredor Turístico con suite con terraza, dos tratamientos de spa por persona y una cena de degustación con maridaje de vinos del Valle de Guadalupe.',
        price: 2799,
        discount_price: 1799,
        features: [
          '6 noches en suite con terraza',
          '2 tratamientos de spa por persona',
          'Cena de degustación con maridaje',
          'Plan todo incluido premium',
        ],
        amenities: [
          'Wi-Fi gratis',
          'Piscina infinita',
          'Spa',
          'Gimnasio',
          'Servicio a la habitación 24 h',
          'Playa privada',
          'Campo de golf',
        ],
        is_featured: false,
        starts: 'next-month',
        months: 12,
      },
      {
        name: '4 Días / 3 Noches Aventura y Ballenas',
        description:
          'Tres noches en un hotel boutique en el centro de Cabo San Lucas con tour de avistamiento de ballenas, paseo en cuatrimoto por el desierto y snorkel en la bahía de Santa María.',
        price: 949,
        discount_price: 589,
        features: [
          '3 noches en hotel boutique',
          'Tour de avistamiento de ballenas',
          'Paseo en cuatrimoto',
          'Snorkel en Santa María',
        ],
        amenities: ['Wi-Fi gratis', 'Piscina', 'Desayuno buffet', 'Terraza en la azotea'],
        is_featured: false,
        starts: 'today',
        months: 6,
      },
    ],
  },
];
