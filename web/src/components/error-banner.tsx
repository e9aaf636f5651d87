import { useEffect, useRef } from 'react';
import { AlertIcon } from './icons.tsx';

export interface ErrorBannerProps {
  message: string | null;
  /** Shown as the × button; without it the banner stays while its cause does (a failed load offers Retry instead). */
  onDismiss?: () => void;
  /** Shown as a Retry button when the failed thing can be tried again. */
  onRetry?: (() => void) | null;
  /** The way on when trying again cannot help (e.g. "New chat" at a conversation's limit). */
  action?: { label: string; onClick: () => void } | null;
}

/**
 * A failure in a plain sentence, announced (`role="alert"`) and scrolled into view, that stays until
 * the person dismisses it (README "Deviations": the spec's banner went away after 5 s, before many
 * could read it), with Retry when there is something to retry.
 */
export function ErrorBanner({ message, onDismiss, onRetry = null, action = null }: ErrorBannerProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);

  if (!message) return null;
  return (
    <div className="banner banner--error" role="alert" ref={ref}>
      <AlertIcon width={18} height={18} className="banner__icon" />
      <span className="banner__text">{message}</span>
      {onRetry ? (
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          Retry
        </button>
      ) : null}
      {action ? (
        <button type="button" className="button button--secondary button--small" onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
      {onDismiss ? (
        <button type="button" className="banner__close" aria-label="Dismiss error" onClick={onDismiss}>
          ×
        </button>
      ) : null}
    </div>
  );
}
