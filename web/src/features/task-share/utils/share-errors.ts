import { SHARE_ERROR_TEXT, type ShareFailure } from '@unstuck/contract';
import type { ApiError } from '../../../lib/api-client.ts';

export type { ShareFailure };

export const SHARE_TEXTS = {
  emptyToken: 'Invalid share link',
  noTask: 'Invalid task data received. The share link may be corrupted.',
  notJson: 'Invalid response format. The share link may be misconfigured.',
  accessRequested: 'Access request submitted successfully. We will review your request and get back to you.',
  accessRequestFailed: 'Failed to submit access request. Please try again.',
} as const;

/**
 * The page's text for an answer that is not a task, by its error code (docs/product.md "Errors" gives them by status):
 * `not_found` (404), `share_link_expired` (410) and `share_link_revoked` (403, "no longer active"; both
 * with the access-request form), anything else "Failed to fetch shared task: {status text}".
 */
export function shareFailureFor(error: Pick<ApiError, 'code' | 'status' | 'statusText'>): ShareFailure {
  switch (error.code) {
    case 'not_found':
      return { message: SHARE_ERROR_TEXT.notFound, canRequestAccess: false };
    case 'share_link_expired':
      return { message: SHARE_ERROR_TEXT.expired, canRequestAccess: true };
    case 'share_link_revoked':
      return { message: SHARE_ERROR_TEXT.inactive, canRequestAccess: true };
    default:
      return { message: `Failed to fetch shared task: ${error.statusText || error.status}`, canRequestAccess: false };
  }
}

/** Who a shared message is from (docs/product.md "Screens"): `agent-` ids are the AI, experts "Expert", everyone else (guests too) "User". */
export function sharedSenderLabel(senderId: string, role: string, aiName: string): string {
  if (senderId.startsWith('agent-')) return aiName;
  if (role === 'expert') return 'Expert';
  return 'User';
}
