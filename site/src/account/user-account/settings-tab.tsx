import { useState } from 'react';
import { logoutEverywhere } from '../../session/actions';
import { FormAlert } from '../components/form-alert';
import { SESSION_TEXTS } from '../messages';
import { ChangePasswordForm } from './change-password-form';

export function SettingsTab() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const endAll = async () => {
    setBusy(true);
    setError(null);
    try {
      await logoutEverywhere(); // the page's guard then sends the visitor to the login
    } catch {
      setError('No pudimos cerrar las sesiones. Inténtalo de nuevo.');
      setBusy(false);
    }
  };

  return (
    <div className="account__panel">
      <div className="account__panel-head">
        <h1 className="account__title">Settings</h1>
      </div>
      <section className="account__section" aria-labelledby="pw-title">
        <h2 id="pw-title" className="account__subtitle">
          Cambiar contraseña
        </h2>
        <p className="muted">Al cambiarla, se cerrará la sesión en tus otros dispositivos.</p>
        <ChangePasswordForm />
      </section>
      <section className="account__section" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="account__subtitle">
          Sesiones
        </h2>
        <p className="muted">
          ¿Usaste tu cuenta en un equipo compartido o perdiste un teléfono? Cierra la sesión en todas partes, incluido
          este dispositivo.
        </p>
        {!confirming ? (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            {SESSION_TEXTS.logoutEverywhere}
          </button>
        ) : (
          <div className="account__confirm" role="group" aria-label="Confirmar">
            <p>Se cerrará la sesión en todos tus dispositivos. ¿Continuar?</p>
            <div className="auth__actions">
              <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
                Cancelar
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => void endAll()}>
                {busy ? 'Cerrando...' : 'Sí, cerrar todas'}
              </button>
            </div>
          </div>
        )}
        <FormAlert tone="error">{error}</FormAlert>
      </section>
    </div>
  );
}
