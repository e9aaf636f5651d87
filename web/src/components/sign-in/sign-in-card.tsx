import { SignInBenefits } from './sign-in-benefits.tsx';

export interface SignInCardProps {
  onSignIn: () => void;
  /** Why the card is shown, e.g. the guest limit. */
  message?: string;
}

/** The in-page prompt to sign in (docs/product.md "Screens"). */
export function SignInCard({ onSignIn, message }: SignInCardProps) {
  return (
    <section className="sign-in-card" aria-labelledby="sign-in-card-title">
      <h2 id="sign-in-card-title" className="sign-in-card__title">
        Sign in to keep going
      </h2>
      <p className="sign-in-card__message">
        {message ?? 'Sign in to send more messages: this conversation goes on where you left it. Signing in lets you:'}
      </p>
      <SignInBenefits />
      <button type="button" className="button button--primary" onClick={onSignIn}>
        Sign in
      </button>
    </section>
  );
}
