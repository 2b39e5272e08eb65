import { useState } from 'react';
import { FormAlert } from '../components/form-alert';
import { MY_DATA, PROFILE_ERRORS } from '../messages';
import { EditProfileModal } from './edit-profile-modal';
import { MyDataSection } from './my-data-section';
import { useProfile } from './use-profile';

export function MyAccountTab({ userId, onLeaving }: { userId: number; onLeaving: (leaving: boolean) => void }) {
  const { state, reload, replace } = useProfile(userId);
  const [editing, setEditing] = useState(false);

  return (
    <div className="account__panel">
      <div className="account__panel-head">
        <h1 className="account__title">My Account</h1>
        {state.status === 'ready' && (
          <button type="button" className="button button--small button--ocean" onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
      </div>
      {state.status === 'loading' && <p className="muted">Cargando tus datos…</p>}
      {state.status === 'error' && (
        <>
          <FormAlert tone="error">{PROFILE_ERRORS.load}</FormAlert>
          <button type="button" className="button button--small button--ghost" onClick={() => void reload()}>
            Reintentar
          </button>
        </>
      )}
      {state.status === 'ready' && (
        <dl className="account__facts">
          <div>
            <dt>Nombre</dt>
            <dd data-field="name">{state.profile.full_name}</dd>
          </div>
          <div>
            <dt>Correo electrónico</dt>
            <dd data-field="email">{state.profile.email}</dd>
          </div>
          <div>
            <dt>Teléfono</dt>
            <dd data-field="phone">{state.profile.phone || '—'}</dd>
          </div>
          <div>
            <dt>Miembro desde</dt>
            <dd>{new Date(state.profile.date_joined).toLocaleDateString('es', { dateStyle: 'long' })}</dd>
          </div>
          <div>
            <dt>{MY_DATA.marketing}</dt>
            <dd data-field="marketing">
              {state.profile.marketing_opt_in ? MY_DATA.marketingYes : MY_DATA.marketingNo}
            </dd>
          </div>
        </dl>
      )}
      {state.status === 'ready' && <MyDataSection userId={userId} onLeaving={onLeaving} />}
      {state.status === 'ready' && (
        <EditProfileModal
          open={editing}
          profile={state.profile}
          onClose={() => setEditing(false)}
          onSaved={(p) => {
            replace(p);
            setEditing(false);
          }}
        />
      )}
    </div>
  );
}
