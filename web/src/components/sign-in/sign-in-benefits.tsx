/** The benefits of signing in (docs/product.md "Screens" "Sign-in card and modal"). */
export const SIGN_IN_BENEFITS = [
  'Continue your conversations',
  'Access your chat history',
  'Share code through GitHub repositories',
  'Get help from human experts',
] as const;

export const PROPOSAL_BENEFIT = 'Accept and manage proposals';

/** The benefit list of the sign-in card and modal (docs/product.md "Screens"); the modal adds "accept and manage proposals". */
export function SignInBenefits({ includeProposals = false }: { includeProposals?: boolean }) {
  const items = includeProposals ? [...SIGN_IN_BENEFITS, PROPOSAL_BENEFIT] : SIGN_IN_BENEFITS;
  return (
    <ul className="benefits">
      {items.map((item) => (
        <li key={item} className="benefits__item">
          <span className="benefits__check" aria-hidden="true">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
