import { Modal } from '../../components/ui/modal';
import { VERIFY_MODAL } from '../messages';

export function VerifyModal({ email, onClose }: { email: string | null; onClose: () => void }) {
  return (
    <Modal open={email !== null} onClose={onClose} title={VERIFY_MODAL.title}>
      <p>{VERIFY_MODAL.body}</p>
      {email && (
        <p className="muted">
          Enviado a <strong>{email}</strong>
        </p>
      )}
      <button type="button" className="button button--block" onClick={onClose}>
        Entendido
      </button>
    </Modal>
  );
}
