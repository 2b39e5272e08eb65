import type { PackSummary } from '@shared/api/catalogue';
import { useLeadModal } from '../../lib/lead-modal-context';
import { PackCard } from './pack-card';
import './catalogue.css';

export const PACKS_TEXT = {
  loading: 'Cargando paquetes de viaje…',
  error: 'Failed to load travel packs.',
  empty: 'No travel packs available.',
} as const;

/**
 * Travel packs, three per row on wide screens and stacked on phones. `packs` is null when the
 * catalogue could not be read.
 */
export function PacksGrid({
  packs,
  loading = false,
  eagerFirst = false,
}: {
  packs: PackSummary[] | null;
  loading?: boolean;
  eagerFirst?: boolean;
}) {
  const openLead = useLeadModal();
  if (loading)
    return (
      <p className="empty-state" role="status">
        {PACKS_TEXT.loading}
      </p>
    );
  if (packs === null)
    return (
      <p className="empty-state" role="alert">
        {PACKS_TEXT.error}
      </p>
    );
  if (packs.length === 0) return <p className="empty-state">{PACKS_TEXT.empty}</p>;
  return (
    <div className="card-grid">
      {packs.map((p, i) => (
        <PackCard key={p.id} pack={p} eager={eagerFirst && i < 3} onBook={() => openLead(p.destination.id)} />
      ))}
    </div>
  );
}
