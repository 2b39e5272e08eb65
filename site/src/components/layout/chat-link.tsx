import { BRAND } from '../../config/brand';
import { ChatIcon } from '../ui/icons';

/** The floating chat link (WhatsApp), bottom right on every page, in a landmark of its own. */
export function ChatLink() {
  return (
    <aside aria-label="Chat">
      <a
        className="chat-link"
        href={BRAND.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chatea con nosotros por WhatsApp"
      >
        <ChatIcon size={28} />
      </a>
    </aside>
  );
}
