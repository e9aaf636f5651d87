import { useState, type ReactNode } from 'react';
import { REPOSITORY_FAILED_TEXT } from '@unstuck/contract';
import { Modal } from '../../../components/modal.tsx';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount.ts';
import { useCreateRepository } from '../api/create-repository.ts';

/** "Your repository is ready": it replaced the Create Repository button, so it takes the focus. */
function RepositoryReady({ children }: { children: ReactNode }) {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p ref={ref} tabIndex={-1}>
      {children}
    </p>
  );
}

/** Who the repository is for; guests have no email, the spec's client sends a placeholder. */
const GUEST_EMAIL_PLACEHOLDER = 'guest@unstuck.local';

/**
 * "Share code via GitHub" (docs/product.md "Screens" "GitHub modal"): creates the repository of the conversation's task
 * and shows its address; for the embedded local repositories also the exact commands to push to it.
 * Before the first message there is no task yet, so Create Repository waits for one.
 */
export function GitHubModal({
  open,
  onClose,
  conversationId,
  userEmail,
}: {
  open: boolean;
  onClose: () => void;
  conversationId: string | null;
  userEmail: string | null;
}) {
  const [description, setDescription] = useState('');
  const create = useCreateRepository();
  const close = () => {
    setDescription('');
    create.reset();
    onClose();
  };
  const result = create.data;
  const submit = () => {
    if (!conversationId) return;
    create.mutate({ conversationId, description, userEmail: userEmail ?? GUEST_EMAIL_PLACEHOLDER });
  };
  return (
    <Modal
      open={open}
      title="Create GitHub Repository"
      onClose={close}
      className="modal--narrow"
      footer={
        // Once made, the modal's own Close button is the one way out.
        result ? null : (
          <>
            <button type="button" className="button button--ghost" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={!conversationId || create.isPending}
              aria-describedby={conversationId ? undefined : 'github-needs-task'}
              onClick={submit}
            >
              Create Repository
            </button>
          </>
        )
      }
    >
      {result ? (
        <div className="repository-result">
          <RepositoryReady>
            Your repository is ready:{' '}
            <a href={result.repoUrl} target="_blank" rel="noreferrer">
              {result.repoUrl}
            </a>
          </RepositoryReady>
          {result.git ? (
            <>
              <p>From the folder of your code (a git repository with at least one commit), run:</p>
              <pre className="repository-result__commands" aria-label="Commands to push your code">
                <code>{result.git.commands.join('\n')}</code>
              </pre>
              <p className="modal__note">
                The address holds your personal password for this repository: keep it to yourself. After each push we analyse the code for
                the expert.
              </p>
            </>
          ) : (
            <p className="modal__note">Check your email for the invitation to the repository, then push your code to it.</p>
          )}
        </div>
      ) : (
        <>
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
          {conversationId ? null : (
            <p id="github-needs-task" className="modal__note">
              Send your request first: the repository belongs to its task.
            </p>
          )}
          {create.isError ? (
            <p role="alert" className="banner banner--error">
              {REPOSITORY_FAILED_TEXT}
            </p>
          ) : null}
        </>
      )}
    </Modal>
  );
}
