import { useMutation } from '@tanstack/react-query';
import { repositoryResponseSchema, type ExpertTaskDetail } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { Panel, TaskFailure } from './task-parts.tsx';

/** `POST /api/expert/tasks/{id}/repository/credentials`: the address and, for a local repository, fresh git credentials. */
const getCredentials = (taskId: string) =>
  apiRequest(`/api/expert/tasks/${encodeURIComponent(taskId)}/repository/credentials`, {
    method: 'POST',
    identity: 'bearer',
    schema: repositoryResponseSchema,
  });

/**
 * The task's repository: its name for everyone; its address and, on request, push credentials for
 * the expert holding the task and admins (the server leaves the address out for anyone else).
 */
export function RepositoryPanel({ task, mine }: { task: ExpertTaskDetail; mine: boolean }) {
  const credentials = useMutation({ mutationFn: getCredentials });
  const repository = task.repository;
  return (
    <Panel id="task-repository-title" title="Repository" className="task-view__repository">
      {!repository ? (
        <p className="page__note">No repository yet. The customer can make one with “Share code via GitHub” in the chat.</p>
      ) : (
        <>
          <p className="task-view__repo-name">{repository.name}</p>
          {repository.url ? (
            <code className="task-view__code" aria-label="Repository address">
              {repository.url}
            </code>
          ) : (
            <p className="page__note">The address and push credentials are for the expert who holds the task.</p>
          )}
          {repository.url && (mine || task.canReadConversation) ? (
            credentials.data?.git ? (
              <dl className="task-view__credentials" aria-label="Push credentials">
                <dt>Username</dt>
                <dd>
                  <code>{credentials.data.git.username}</code>
                </dd>
                <dt>Password</dt>
                <dd>
                  <code>{credentials.data.git.password}</code>
                </dd>
                <dt>Push with</dt>
                <dd>
                  <pre className="task-view__commands">{credentials.data.git.commands.join('\n')}</pre>
                </dd>
              </dl>
            ) : credentials.data ? (
              <p className="page__note">The repository is on GitHub: push with your own GitHub access to {credentials.data.repoUrl}.</p>
            ) : (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => credentials.mutate(task.id)}
                disabled={credentials.isPending}
              >
                {credentials.isPending ? 'Getting credentials...' : 'Show push credentials'}
              </button>
            )
          ) : null}
          <TaskFailure error={credentials.error} />
        </>
      )}
    </Panel>
  );
}
