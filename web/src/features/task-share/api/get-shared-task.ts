import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareResponse } from '@unstuck/contract';
import { pollWhileAnalysing } from '../../../components/code-analysis.tsx';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { SHARE_TEXTS, shareFailureFor, type ShareFailure } from '../utils/share-errors.ts';

/** A failed load of the share page, with the text to show (docs/product.md "Validation", "Errors"). */
export class ShareLoadError extends Error {
  readonly failure: ShareFailure;
  constructor(failure: ShareFailure) {
    super(failure.message);
    this.name = 'ShareLoadError';
    this.failure = failure;
  }
}

/** The answer's JSON, unchecked; the status texts of docs/product.md "Errors" for an error answer or one that is not JSON. */
async function fetchSharedTask(token: string): Promise<unknown> {
  try {
    return await apiRequest<unknown>(`/api/task-share/${encodeURIComponent(token)}`, { identity: 'none' });
  } catch (error) {
    if (isApiError(error)) throw new ShareLoadError(shareFailureFor(error));
    if (error instanceof SyntaxError) throw new ShareLoadError({ message: SHARE_TEXTS.notJson, canRequestAccess: false });
    throw error;
  }
}

/**
 * `GET /api/task-share/{shareToken}` (docs/product.md "Calls"), without any sign-in: the link is the credential. The
 * answer and the schema that checks it (with zod, a chunk of its own) load at the same time.
 * @throws ShareLoadError with the spec's text for an empty token, an error answer, an answer that is
 *   not JSON or one without a task.
 */
export async function getSharedTask(token: string): Promise<ShareResponse> {
  if (!token.trim()) throw new ShareLoadError({ message: SHARE_TEXTS.emptyToken, canRequestAccess: false });
  const [body, { shareResponseSchema }] = await Promise.all([fetchSharedTask(token), import('./share-response-schema.ts')]);
  const parsed = shareResponseSchema.safeParse(body);
  if (!parsed.success) throw new ShareLoadError({ message: SHARE_TEXTS.noTask, canRequestAccess: false });
  return parsed.data;
}

export const sharedTaskQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['task-share', token],
    queryFn: () => getSharedTask(token),
    retry: false,
    // A failure the server painted (shared-task-in-page.ts) stands: asking again would count another wrong token.
    retryOnMount: false,
    staleTime: Infinity,
    // A pending code analysis's figures arrive by themselves (decision 025).
    refetchInterval: (query) => pollWhileAnalysing(query.state.data ? [query.state.data.task] : undefined),
  });

export const useSharedTask = (token: string) => useQuery(sharedTaskQueryOptions(token));
