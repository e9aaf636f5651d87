import { isApiError, NetworkError } from './api-client.ts';

/**
 * A failed load in a plain sentence, e.g. "We could not load your active jobs. Check your connection
 * and try again.", instead of the browser's "Failed to fetch" or a status code. `what` names the data.
 */
export function loadFailureText(what: string, error: unknown): string {
  if (error instanceof NetworkError || (error instanceof DOMException && error.name === 'TimeoutError')) {
    return `We could not load ${what}. Check your connection and try again.`;
  }
  if (isApiError(error) && error.detail) return `We could not load ${what}: ${error.detail.replace(/\.?$/, '.')}`;
  return `We could not load ${what}. Please try again.`;
}

/**
 * TanStack Query's retry rule for the app: one more try after a network failure or a server error
 * (5xx), none after an answer that will not change (4xx), so a failure shows in seconds, not after
 * the default three tries with back-off.
 */
export const retryOnce = (failures: number, error: unknown) => failures < 1 && (!isApiError(error) || error.status >= 500);
