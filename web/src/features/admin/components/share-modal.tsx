import type { AdminTask } from '@unstuck/contract';
import { Modal } from '../../../components/modal.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { adminErrorText, errorMessage } from '../api/admin-errors.ts';
import { INVALID_SHARE_TOKEN, useCreateShareLink } from '../api/create-share-link.ts';
import { useShareLinks } from '../api/get-share-links.ts';
import { useRevokeShareLink } from '../api/revoke-share-link.ts';
import { CopyButton } from '../../../components/copy-button.tsx';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount.ts';

/** The mailto link of "Email Link" (docs/product.md "Screens"): the recipient is left for the admin to fill in. */
const mailtoFor = (task: AdminTask, link: string) =>
  `mailto:?subject=${encodeURIComponent(`Shared task: ${task.title}`)}&body=${encodeURIComponent(
    `You can view the task "${task.title}" here:\n${link}\n\nThis link expires in 24 hours.`,
  )}`;

/** The created link, read-only and selected: it replaced Generate Share Link, so it takes the focus. */
function ShareLinkField({ url }: { url: string }) {
  const ref = useFocusOnMount<HTMLInputElement>();
  return (
    <label className="field">
      <span className="field__label">Share link</span>
      <input ref={ref} className="field__input" readOnly value={url} onFocus={(event) => event.target.select()} />
    </label>
  );
}

/**
 * docs/product.md "Share modal": Generate Share Link, then the link with Copy Link and Email Link and its
 * 24-hour lifetime; below, the task's earlier links with their state and Revoke.
 */
export function ShareModal({ task, onClose }: { task: AdminTask | null; onClose: () => void }) {
  const taskId = task?.id ?? '';
  const create = useCreateShareLink(taskId);
  const links = useShareLinks(taskId, task !== null);
  const revoke = useRevokeShareLink(taskId);
  const close = () => {
    create.reset();
    onClose();
  };
  const createError = create.error
    ? create.error.message === INVALID_SHARE_TOKEN
      ? INVALID_SHARE_TOKEN
      : adminErrorText(create.error, 'Failed to create share link')
    : null;

  return (
    <Modal open={task !== null} title="Share Task" onClose={close}>
      {task ? (
        <>
          <p>
            Create a link that lets anyone who has it view <strong>{task.title}</strong> without signing in.
          </p>
          {create.data ? (
            <div className="share-result">
              <ShareLinkField url={create.data.share_url} />
              <div className="button-row">
                <CopyButton text={create.data.share_url} label="Copy Link" className="button button--primary" />
                <a className="button button--secondary" href={mailtoFor(task, create.data.share_url)}>
                  Email Link
                </a>
              </div>
              <p className="modal__note">This link expires in 24 hours ({formatTimestamp(create.data.expires_at)}).</p>
            </div>
          ) : (
            <button type="button" className="button button--primary" onClick={() => create.mutate()} disabled={create.isPending}>
              {create.isPending ? 'Generating...' : 'Generate Share Link'}
            </button>
          )}
          {createError ? (
            <p className="banner banner--error" role="alert">
              {createError}
            </p>
          ) : null}
          {links.data && links.data.length > 0 ? (
            <section aria-label="Links of this task">
              <h3 className="modal__subtitle">Links of this task</h3>
              <ul className="share-links">
                {links.data.map((link) => (
                  <li key={link.id} className="share-links__item">
                    <span className={`badge ${link.status === 'active' ? 'badge--success' : 'badge--neutral'}`}>{link.status}</span>
                    <span>
                      Created {formatTimestamp(link.created_at)}, {link.status === 'revoked' ? 'revoked' : 'expires'}{' '}
                      {formatTimestamp(link.revoked_at ?? link.expires_at)}
                    </span>
                    {link.status === 'active' ? (
                      <button
                        type="button"
                        className="button button--ghost button--small button--danger-text"
                        onClick={() => revoke.mutate(link.id)}
                        disabled={revoke.isPending}
                      >
                        Revoke
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
              {revoke.error ? <p role="alert">Failed to revoke share link: {errorMessage(revoke.error)}</p> : null}
            </section>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
