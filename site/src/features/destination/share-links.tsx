import { useState } from 'react';
import { ChatIcon, LinkIcon, SmsIcon } from '../../components/ui/icons';

export const LINK_COPIED = 'Link copied to clipboard!';

/** Share a pack by SMS, WhatsApp or by copying the page's link. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const text = `${title}: ${url}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch {
      return;
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 3000);
  };
  return (
    <div className="share">
      <span className="share__label">Compartir:</span>
      <a
        className="icon-button share__button"
        href={`sms:?&body=${encodeURIComponent(text)}`}
        aria-label="Compartir por SMS"
      >
        <SmsIcon />
      </a>
      <a
        className="icon-button share__button"
        href={`https://wa.me/?text=${encodeURIComponent(text)}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Compartir por WhatsApp"
      >
        <ChatIcon />
      </a>
      <button
        type="button"
        className="icon-button share__button"
        onClick={() => void copy()}
        aria-label="Copiar enlace"
      >
        <LinkIcon />
      </button>
      <span className="share__status" role="status">
        {copied ? LINK_COPIED : ''}
      </span>
    </div>
  );
}
