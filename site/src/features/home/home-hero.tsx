import { Link } from 'react-router';
import { PageHero } from '../../components/sections/page-hero';
import { CheckIcon } from '../../components/ui/icons';
import { PATHS } from '@shared/paths';

export function HomeHero({ image }: { image: string | null }) {
  return (
    <PageHero
      size="tall"
      image={image}
      title="Tú próxima aventura comienza aquí"
      subtitle="Explora nuestros destinos y comienza tu aventura hoy"
    >
      <div className="home-hero__actions">
        <Link className="button" to={PATHS.destinations}>
          Destinos
        </Link>
        <Link className="button button--light" to={PATHS.deals}>
          Ver ofertas
        </Link>
      </div>
      <ul className="home-hero__facts">
        <li>
          <CheckIcon size={18} /> +30,000 viajeros
        </li>
        <li>
          <CheckIcon size={18} /> Soporte 24/7
        </li>
        <li>
          <CheckIcon size={18} /> Hasta 40% OFF
        </li>
      </ul>
    </PageHero>
  );
}
