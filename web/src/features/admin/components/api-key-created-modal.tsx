import type { CreateApiKeyResponse } from '@unstuck/contract';
import { Modal } from '../../../components/modal.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';

/** Shows a new agent API key once (docs/product.md "API Keys tab"): the server never shows it again. */
export function ApiKeyCreatedModal({ created, onClose }: { created: CreateApiKeyResponse | null; onClose: () => void }) {
  return (
    <Modal
      open={created !== null}
      title="API Key Created"
      onClose={onClose}
      closeOnBackdrop={false}
      footer={
        <>
          {created ? <CopyButton text={created.api_key} label="Copy to Clipboard" className="button button--primary" /> : null}
          <button type="button" className="button button--secondary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      {created ? (
        <>
          <p className="modal__warning">Copy this API key now! You won&apos;t be able to see it again.</p>
          <p>
            Key for <strong>{created.agentName}</strong> ({created.agentId}):
          </p>
          <code className="secret-box" aria-label="New API key">
            {created.api_key}
          </code>
        </>
      ) : null}
    </Modal>
  );
}
