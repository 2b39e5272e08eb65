import { PATHS } from '@shared/paths';
import { PRIVACY } from '../../config/privacy';
import './privacy-notice.css';

/**
 * The short information notice under the lead and contact forms (information only: nothing to
 * tick). The policy opens in a new tab so what the visitor typed stays in the form.
 */
export function PrivacyNotice({ purpose }: { purpose: string }) {
  return (
    <p className="privacy-notice">
      <strong>Protección de datos.</strong> Responsable: {PRIVACY.controller}. Finalidad: {purpose}. Conservamos tus
      datos {PRIVACY.retentionMonths} meses y después los anonimizamos. Puedes acceder a ellos, corregirlos, pedir su
      eliminación u oponerte a su uso. Más información en nuestra{' '}
      <a href={PATHS.privacy} target="_blank" rel="noopener">
        Política de privacidad
        <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
      </a>
      .
    </p>
  );
}
