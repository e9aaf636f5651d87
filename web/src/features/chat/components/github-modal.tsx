import { useState } from 'react';
import { Modal } from '../../../components/modal.tsx';

/**
 * "Share code via GitHub" (spec §2 "GitHub modal"). Repository creation is not wired to a server yet,
 * so Create Repository stays disabled and the modal says so instead of pretending to try.
 */
export function GitHubModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [description, setDescription] = useState('');
  const close = () => {
    setDescription('');
    onClose();
  };
  return (
    <Modal
      open={open}
      title="Create GitHub Repository"
      onClose={close}
      className="modal--narrow"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled aria-describedby="github-unavailable">
            Create Repository
          </button>
        </>
      }
    >
      <p>We create a private repository for this request so you can push your code and the expert helping you can read it.</p>
      <label className="field">
        <span className="field__label">What is in the code? (optional)</span>
        <textarea
          className="field__input"
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="e.g. Next.js 14 app, the API routes under app/api"
        />
      </label>
      <p id="github-unavailable" className="modal__note">
        Repository creation is not available yet. Meanwhile, describe your code or attach files in the chat.
      </p>
    </Modal>
  );
}
