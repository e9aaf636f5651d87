import { isApiError } from '../../../lib/api-client.ts';

/**
 * A refused or failed expert action in words: the server's reason ("This task was taken by Eve",
 * "Take this task before working on it", "This task is done"), else the status or the failure.
 */
export const taskFailureText = (error: unknown): string =>
  isApiError(error) ? (error.detail ?? `The server answered ${error.status}.`) : error instanceof Error ? error.message : String(error);
