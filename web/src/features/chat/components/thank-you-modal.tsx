import { CheckCircleIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal.tsx';

/**
 * The modal shown after a proposal is accepted (docs/product.md "Screens" "Thank-you modal"). The
 * acceptance replaced the Accept button that opened it: closing focuses `returnFocusTo`'s element
 * (the composer, where the conversation continues).
 */
export function ThankYouModal({
  open,
  onClose,
  returnFocusTo,
}: {
  open: boolean;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  return (
    <Modal
      open={open}
      returnFocusTo={returnFocusTo}
      title="Thank you! Your proposal has been accepted successfully."
      onClose={onClose}
      className="modal--narrow modal--celebrate"
      icon={
        <div className="celebrate-icon" aria-hidden="true">
          <CheckCircleIcon width={36} height={36} />
        </div>
      }
      footer={
        <button type="button" className="button button--primary button--wide" onClick={onClose}>
          Continue Conversation
        </button>
      }
    >
      <p>Our team will be in touch with you by email shortly.</p>
      <h3 className="modal__subtitle">Next steps</h3>
      <ol className="next-steps">
        <li>You will receive a confirmation email within 24 hours.</li>
        <li>A project manager will schedule a kickoff call with you.</li>
        <li>You will get a detailed timeline and milestones.</li>
        <li>You can continue the conversation here at any time.</li>
      </ol>
    </Modal>
  );
}
