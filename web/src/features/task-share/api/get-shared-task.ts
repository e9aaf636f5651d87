import { useQuery } from '@tanstack/react-query';
import { shareResponseSchema, type ShareResponse } from '@unstuck/contract';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { SHARE_TEXTS, shareFailureFor, type ShareFailure } from '../utils/share-errors.ts';

/** A failed load of the share page, with the text to show (spec §5, §8). */
export class ShareLoadError extends Error {
  readonly failure: ShareFailure;
  constructor(failure: ShareFailure) {
    super(failure.message);
    this.name = 'ShareLoadError';
    this.failure = failure;
  }
}

/**
 * `GET /api/task-share/{shareToken}` (spec §7), without any sign-in: the link is the credential.
 * @throws ShareLoadError with the spec's text for an empty token, an error answer, an answer that is
 *   not JSON or one without a task.
 */
export async function getSharedTask(token: string): Promise<ShareResponse> {
  if (!token.trim()) throw new ShareLoadError({ message: SHARE_TEXTS.emptyToken, canRequestAccess: false });
  let body: unknown;
  try {
    body = await apiRequest<unknown>(`/api/task-share/${encodeURIComponent(token)}`, { identity: 'none' });
  } catch (error) {
    if (isApiError(error)) throw new ShareLoadError(shareFailureFor(error));
    if (error instanceof SyntaxError) throw new ShareLoadError({ message: SHARE_TEXTS.notJson, canRequestAccess: false });
    throw error;
  }
  const parsed = shareResponseSchema.safeParse(body);
  if (!parsed.success) throw new ShareLoadError({ message: SHARE_TEXTS.noTask, canRequestAccess: false });
  return parsed.data;
}

export const useSharedTask = (token: string) =>
  useQuery({ queryKey: ['task-share', token], queryFn: () => getSharedTask(token), retry: false, staleTime: Infinity });
