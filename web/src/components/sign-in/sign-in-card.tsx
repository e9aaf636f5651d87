import { useEffect, useRef } from 'react';
import { SignInBenefits } from './sign-in-benefits.tsx';

export interface SignInCardProps {
  onSignIn: () => void;
  /** Why the card is shown, e.g. the guest limit. */
  message?: string;
}

/**
 * The in-page prompt to sign in (docs/product.md "Screens"). It appears in answer to something the
 * visitor did (a send at the guest limit, a refusal, "Share code via GitHub"), often below the fold on a
 * phone: it scrolls into view and its Sign in button takes the focus, described by the card's reason.
 */
export function SignInCard({ onSignIn, message }: SignInCardProps) {
  const card = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus({ preventScroll: true });
    // After the page's own scrolling for this change (the chat follows its newest message), not before it;
    // `nearest` keeps a refusal banner above the card in view, and the page's scroll padding keeps the
    // card clear of the sticky top bar and composer dock.
    const frame = requestAnimationFrame(() => card.current?.scrollIntoView({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <section className="sign-in-card" aria-labelledby="sign-in-card-title" ref={card}>
      <h2 id="sign-in-card-title" className="sign-in-card__title">
        Sign in to keep going
      </h2>
      <p className="sign-in-card__message" id="sign-in-card-message">
        {message ?? 'Sign in to send more messages: this conversation goes on where you left it. Signing in lets you:'}
      </p>
      <SignInBenefits />
      <button type="button" className="button button--primary" onClick={onSignIn} ref={button} aria-describedby="sign-in-card-message">
        Sign in
      </button>
    </section>
  );
}
