import { BRAND } from '../../config/brand';
import { ChatIcon } from '../ui/icons';

/** The floating chat link (WhatsApp), bottom right on every page. */
export function ChatLink() {
  return (
    <a
      className="chat-link"
      href={BRAND.whatsapp}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chatea con nosotros por WhatsApp"
    >
      <ChatIcon size={28} />
    </a>
  );
}
