import { useLocation, useNavigate } from 'react-router';
import { CloseIcon } from '../ui/icons';
import './route-notice.css';

/** What a page can be sent with: `navigate(path, { state: { notice } })` shows it here. */
interface NoticeState {
  notice?: string;
}

/**
 * A one-time message carried by a navigation (e.g. "your account was deleted" on the home page).
 * Closing it drops it from the history entry, so going back or reloading does not show it again.
 */
export function RouteNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as NoticeState | null)?.notice;
  if (!notice) return null;
  const close = () =>
    void navigate(location.pathname + location.search + location.hash, { replace: true, state: null });
  return (
    <div className="route-notice" role="status">
      <p>{notice}</p>
      <button
        type="button"
        className="icon-button route-notice__close"
        onClick={close}
        aria-label="Cerrar este mensaje"
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
