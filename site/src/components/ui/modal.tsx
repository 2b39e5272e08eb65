import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import './modal.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** 'wide' for content such as the thank-you video. */
  size?: 'normal' | 'wide';
  className?: string;
}

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside) and Escape closes it; focus returns to where it was when the dialog closes.
 */
export function Modal({ open, onClose, title, children, size = 'normal', className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    document.body.classList.add('has-modal');
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (!document.querySelector('dialog[open]')) document.body.classList.remove('has-modal');
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="modal__panel">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button modal__close" onClick={onClose} aria-label="Cerrar">
            <CloseIcon size={22} />
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
