import { CheckCircleIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useExpertResponse, usePaymentsConfig } from '../../../lib/product-config.ts';
import type { AcceptanceWords } from '../hooks/use-conversation.ts';
import { thankYouWords } from '../utils/task-words.ts';

/**
 * The modal shown after a proposal is accepted (docs/product.md "Screens" "Thank-you modal"): what
 * happens next as it is true of this acceptance ({@link thankYouWords}: the expected first reply, the
 * email only when one went, a call only when the proposal includes one). The acceptance replaced the
 * Accept button that opened it: closing focuses `returnFocusTo`'s element (the composer, where the
 * conversation continues).
 */
export function ThankYouModal({
  open,
  onClose,
  returnFocusTo,
  acceptance,
}: {
  open: boolean;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
  acceptance: AcceptanceWords;
}) {
  const words = thankYouWords({ ...acceptance, expertResponse: useExpertResponse(), payments: usePaymentsConfig() });
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
      <p>{words.lead}</p>
      <h3 className="modal__subtitle">Next steps</h3>
      <ol className="next-steps">
        {words.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Modal>
  );
}
