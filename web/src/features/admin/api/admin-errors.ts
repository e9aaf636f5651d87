import { ADMIN_ACCESS_DENIED } from '@unstuck/contract';
import { isApiError } from '../../../lib/api-client.ts';

/** Every admin query's key starts here, so switching tabs can reload them all (docs/product.md "Screens"). */
export const ADMIN_QUERY_ROOT = ['admin'] as const;

const reason = (error: unknown) =>
  isApiError(error) ? (error.detail ?? String(error.status)) : error instanceof Error ? error.message : String(error);

/**
 * The banner text for a failed admin call (docs/product.md "Errors" "Admin"): `admin_required` (403) is always
 * "Access denied: Admin privileges required"; a failed list reads "Failed to fetch {what}: {status}"; other failures
 * name what failed and the server's reason.
 * @param failure e.g. "Failed to fetch users" or "Failed to delete task".
 */
export function adminErrorText(error: unknown, failure: string): string {
  if (isApiError(error) && error.code === 'admin_required') return ADMIN_ACCESS_DENIED;
  if (isApiError(error) && failure.startsWith('Failed to fetch')) return `${failure}: ${error.status}`;
  return `${failure}: ${reason(error)}`;
}

/** The reason of a failure alone, for the spec's alert texts ("Error: {message}", "Error refreshing {provider} data: {message}"). */
export const errorMessage = reason;
