import { SHARE_ERROR_TEXT } from '@unstuck/contract';

/** What the share page shows instead of a task (spec §5 "Share token", §8 "Share page"). */
export type ShareFailure = { message: string; canRequestAccess: boolean };

export const SHARE_TEXTS = {
  emptyToken: 'Invalid share link',
  noTask: 'Invalid task data received. The share link may be corrupted.',
  notJson: 'Invalid response format. The share link may be misconfigured.',
  accessRequested: 'Access request submitted successfully. We will review your request and get back to you.',
  accessRequestFailed: 'Failed to submit access request. Please try again.',
} as const;

/**
 * The page's text for an answer that is not a task, by status (spec §8): 404 not found, 410 expired
 * and 403 inactive (both with the access-request form), anything else "Failed to fetch shared task:
 * {status text}".
 */
export function shareFailureFor(status: number, statusText: string): ShareFailure {
  if (status === 404) return { message: SHARE_ERROR_TEXT.notFound, canRequestAccess: false };
  if (status === 410) return { message: SHARE_ERROR_TEXT.expired, canRequestAccess: true };
  if (status === 403) return { message: SHARE_ERROR_TEXT.inactive, canRequestAccess: true };
  return { message: `Failed to fetch shared task: ${statusText || status}`, canRequestAccess: false };
}

/** Who a shared message is from (spec §2): `agent-` ids are the AI, experts "Expert", everyone else (guests too) "User". */
export function sharedSenderLabel(senderId: string, role: string, aiName: string): string {
  if (senderId.startsWith('agent-')) return aiName;
  if (role === 'expert') return 'Expert';
  return 'User';
}
