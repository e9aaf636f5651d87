import type { AccessRequest } from '@unstuck/contract';
import { formatTimestamp } from '../../../lib/format.ts';
import { adminErrorText } from '../api/admin-errors.ts';
import { useAnswerAccessRequest } from '../api/answer-access-request.ts';

/** Where an answered request stands, e.g. "Approved Nov 22, 2026, 3:04 PM: a new link was emailed". */
function answerText(request: AccessRequest): string {
  const when = request.decided_at ? ` ${formatTimestamp(request.decided_at)}` : '';
  return request.status === 'approved' ? `Approved${when}: a new link was emailed` : `Declined${when}: a note was emailed`;
}

/**
 * The access requests a task's share links received (docs/product.md "Access request"): who, when and
 * their message; a pending one offers "Approve" (a new share link emailed to them) and "Decline" (a
 * short note emailed), an answered one says which.
 */
export function AccessRequests({ taskId, requests }: { taskId: string; requests: AccessRequest[] }) {
  const answer = useAnswerAccessRequest(taskId);
  const busyId = answer.isPending ? answer.variables.id : null;
  return (
    <>
      <ul className="task-context access-requests">
        {requests.map((request) => (
          <li key={request.id}>
            <strong>{request.name}</strong> (<a href={`mailto:${request.email}`}>{request.email}</a>), {formatTimestamp(request.created_at)}
            : {request.message}
            {request.status === 'pending' ? (
              <span className="button-row access-requests__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={busyId !== null}
                  aria-label={`Approve the request of ${request.name}`}
                  onClick={() => answer.mutate({ id: request.id, answer: 'approve' })}
                >
                  {busyId === request.id && answer.variables?.answer === 'approve' ? 'Approving...' : 'Approve'}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={busyId !== null}
                  aria-label={`Decline the request of ${request.name}`}
                  onClick={() => answer.mutate({ id: request.id, answer: 'decline' })}
                >
                  {busyId === request.id && answer.variables?.answer === 'decline' ? 'Declining...' : 'Decline'}
                </button>
              </span>
            ) : (
              <span className="access-requests__answer">{answerText(request)}</span>
            )}
          </li>
        ))}
      </ul>
      {answer.isError ? <p role="alert">{adminErrorText(answer.error, 'Failed to answer the access request')}</p> : null}
    </>
  );
}
