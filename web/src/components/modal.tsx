import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** Clicking outside the panel closes it (default true). */
  closeOnBackdrop?: boolean;
  className?: string;
  /** Decoration above the title. */
  icon?: ReactNode;
  /** Where the focus goes on closing when the opener has left the page (an Accept button the acceptance replaced). */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it and the
 * page behind becomes inert. A click on the dialog element itself is a click on the backdrop. Every
 * modal has a Close button (top right; last in the focus order, so that opening focuses the first
 * thing to do). When it closes (or unmounts), focus goes back to what had it before it opened,
 * usually the button that opened it (WCAG 2.4.3), or, when that element has left the page, to
 * `returnFocusTo`'s element.
 */
export function Modal({ open, title, onClose, children, footer, closeOnBackdrop = true, className, icon, returnFocusTo }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read when closing: the caller's latest, without reopening the dialog when it changes.
  const fallback = useEffectEvent(() => returnFocusTo?.() ?? null);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // The body is nobody's opener: the button pressed may have been disabled (busy) and lost the focus.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : fallback();
      target?.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;
  return (
    // A click on the backdrop is a pointer shortcut for Cancel; keyboards have Escape (onCancel).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal__panel">
        {icon}
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
        <button type="button" className="modal__close" aria-label="Close" title="Close" onClick={onClose}>
          ×
        </button>
      </div>
    </dialog>
  );
}
