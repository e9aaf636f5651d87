import { Modal } from '../modal.tsx';
import { SignInBenefits } from './sign-in-benefits.tsx';

export interface SignInModalProps {
  open: boolean;
  title: string;
  message: string;
  onSignIn: () => void;
  onClose: () => void;
  /** The identity provider's domain, named so a visitor is not surprised by it; unknown until configured. */
  providerDomain?: string | null;
}

/** Sign-in as a modal (docs/product.md "Screens"): at most 420 px wide, closes on Cancel, Escape or a backdrop click. */
export function SignInModal({ open, title, message, onSignIn, onClose, providerDomain }: SignInModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      className="modal--narrow"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={onSignIn}>
            Sign in
          </button>
        </>
      }
    >
      <p>{message}</p>
      <SignInBenefits includeProposals />
      <p className="modal__note">
        {providerDomain
          ? `You will sign in on ${providerDomain}, our secure authentication provider.`
          : "You will sign in on our secure authentication provider's page, whose domain may differ from this site's."}
      </p>
    </Modal>
  );
}
