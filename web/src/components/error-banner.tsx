import { useEffect } from 'react';

/** Spec §9 "Error banner auto-dismiss". */
export const ERROR_BANNER_DISMISS_MS = 5000;

export interface ErrorBannerProps {
  message: string | null;
  onDismiss: () => void;
}

/** A dismissible error line that also disappears by itself after 5 seconds. */
export function ErrorBanner({ message, onDismiss }: ErrorBannerProps) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, ERROR_BANNER_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);

  if (!message) return null;
  return (
    <div className="banner banner--error" role="alert">
      <span className="banner__text">{message}</span>
      <button type="button" className="banner__close" aria-label="Dismiss error" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
