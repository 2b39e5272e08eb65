import { PATHS } from '@shared/paths';
import type { OwnLead } from '@shared/api/own-leads';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { authRequest } from '../../session/session-store';
import { FormAlert } from '../components/form-alert';
import { PROFILE_ERRORS } from '../messages';
import { EarlierRequests } from './earlier-requests';
import { LEAD_STATUS_ES } from './lead-status';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('es', { day: 'numeric', month: 'short', year: 'numeric' });
const wanted = (l: OwnLead) => {
  if (!l.date) return null;
  const date = new Date(`${l.date}T00:00:00`).toLocaleDateString('es', { dateStyle: 'medium' });
  return l.hour ? `${date}, ${l.hour}` : date;
};

/** The requests the person sent from the site with the e-mail of this account, newest first. */
export function LeadsTab({ userId }: { userId: number }) {
  const [leads, setLeads] = useState<OwnLead[] | null | 'error'>(null);
  useEffect(() => {
    let live = true;
    authRequest<OwnLead[]>(`/users/user/${userId}/leads/`)
      .then((rows) => live && setLeads(rows))
      .catch(() => live && setLeads('error'));
    return () => {
      live = false;
    };
  }, [userId]);

  return (
    <div className="account__panel">
      <div className="account__panel-head">
        <h1 className="account__title">Leads</h1>
      </div>
      <p className="muted">Las solicitudes de viaje que enviaste con el correo de esta cuenta.</p>
      {leads === null && <p className="muted">Cargando…</p>}
      {leads === 'error' && <FormAlert tone="error">{PROFILE_ERRORS.leads}</FormAlert>}
      {Array.isArray(leads) && leads.length === 0 && (
        <div className="account__empty">
          <p>Aún no tienes solicitudes. Cuando reserves tu cupo en un destino, aparecerá aquí.</p>
          <Link to={PATHS.deals} className="button button--small">
            Ver ofertas
          </Link>
        </div>
      )}
      {Array.isArray(leads) && leads.length > 0 && (
        <ul className="leads-list">
          {leads.map((l) => (
            <li key={l.id} className="leads-list__item" data-lead-id={l.id}>
              <div className="leads-list__main">
                <h2 className="leads-list__destination">{l.destination.name}</h2>
                <p className="leads-list__pack">{l.travel_pack?.name ?? 'Paquete por definir con tu asesor'}</p>
                {wanted(l) && <p className="leads-list__wanted">Fecha preferida: {wanted(l)}</p>}
              </div>
              <div className="leads-list__meta">
                <span className={`status-pill status-pill--${l.status}`}>{LEAD_STATUS_ES[l.status] ?? l.status}</span>
                <time dateTime={l.created_at}>Enviada el {day(l.created_at)}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
      <EarlierRequests />
    </div>
  );
}
