import { useEffect, useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router';

interface DestinationCard {
  id: number;
  name: string;
  location: string;
  description: string;
  main_image: string | null;
}

const slug = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

function useDestinations() {
  const [items, setItems] = useState<DestinationCard[] | null>(null);
  useEffect(() => {
    fetch('/api/destinations/')
      .then((r) => (r.ok ? r.json() : []))
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  return items;
}

function Home() {
  const destinations = useDestinations();
  return (
    <main>
      <section className="hero">
        <h1>Tú próxima aventura comienza aquí</h1>
        <p>Explora nuestros destinos y comienza tu aventura hoy</p>
        <Link className="button" to="/destinations">
          Destinos
        </Link>
      </section>
      <section className="grid">
        {destinations === null && <p>Cargando…</p>}
        {destinations?.length === 0 && <p>No se encontraron destinos.</p>}
        {destinations?.map((d) => (
          <article key={d.id} className="card">
            {d.main_image ? <img src={d.main_image} alt={d.name} loading="lazy" /> : <div className="placeholder" />}
            <div className="card-body">
              <small>{d.location}</small>
              <h2>{d.name}</h2>
              <p>{d.description.slice(0, 140)}</p>
              <Link className="button" to={`/destinations/${d.id}/${slug(d.name)}`}>
                Ver Más
              </Link>
            </div>
          </article>
        ))}
      </section>
    </main>
  );
}

function Destination() {
  const { id } = useParams();
  const [d, setD] = useState<DestinationCard | null | undefined>(undefined);
  useEffect(() => {
    fetch(`/api/destinations/${id}/`)
      .then((r) => (r.ok ? r.json() : null))
      .then(setD)
      .catch(() => setD(null));
  }, [id]);
  if (d === undefined) return <main className="page">Cargando…</main>;
  if (d === null) return <main className="page">No se encontraron destinos.</main>;
  return (
    <main className="page">
      <Link to="/">← Volver</Link>
      <h1>{d.name}</h1>
      <p className="muted">{d.location}</p>
      {d.main_image && <img className="wide" src={d.main_image} alt={d.name} />}
      <p>{d.description}</p>
    </main>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <header className="nav">
        <Link to="/" className="brand">
          Ofertas de Viaje
        </Link>
        <nav>
          <Link to="/">Inicio</Link>
          <Link to="/deals">Deals</Link>
          <Link to="/contact">Contacto</Link>
        </nav>
      </header>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/destinations" element={<Home />} />
        <Route path="/destinations/:id/:slug" element={<Destination />} />
        <Route path="*" element={<Home />} />
      </Routes>
    </BrowserRouter>
  );
}
