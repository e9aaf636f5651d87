import { Modal } from '../../../components/modal.tsx';
import type { DeleteTarget } from './admin-tabs.ts';

/** What goes with each kind of deletion (docs/product.md "Screens" "Delete confirmation modal"). */
const WARNINGS: Record<DeleteTarget['type'], string> = {
  user: 'Deleting this user removes all of their messages, conversations, tasks and files.',
  conversation: 'Deleting this conversation removes all of its messages.',
  task: 'Deleting this task removes the task.',
};

export interface DeleteConfirmModalProps {
  target: DeleteTarget | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (target: DeleteTarget) => void;
}

/** Asks before a task, user or conversation is deleted: Cancel or Delete. */
export function DeleteConfirmModal({ target, busy, onCancel, onConfirm }: DeleteConfirmModalProps) {
  return (
    <Modal
      open={target !== null}
      title={`Delete ${target?.type ?? ''}`}
      onClose={onCancel}
      className="modal--narrow"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={() => target && onConfirm(target)} disabled={busy}>
            {busy ? 'Deleting...' : 'Delete'}
          </button>
        </>
      }
    >
      {target ? (
        <>
          <p>
            Are you sure you want to delete <strong className="modal__name">{target.name}</strong>?
          </p>
          <p>{WARNINGS[target.type]}</p>
          <p className="modal__warning">This action cannot be undone!</p>
        </>
      ) : null}
    </Modal>
  );
}
