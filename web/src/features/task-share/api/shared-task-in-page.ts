import type { QueryClient } from '@tanstack/react-query';
import { SHARED_TASK_ELEMENT_ID, type SharedTaskOutcome } from '@unstuck/contract';
import { ShareLoadError, sharedTaskQueryOptions } from './get-shared-task.ts';

/**
 * Puts `outcome` into `client` as the share page's query would have left it, so the page renders it at
 * once: on the server into the HTML, in the browser over that HTML (hydrating) without asking again.
 */
export function seedSharedTask(client: QueryClient, outcome: SharedTaskOutcome): void {
  const options = sharedTaskQueryOptions(outcome.token);
  if ('shared' in outcome) {
    client.setQueryData(options.queryKey, outcome.shared);
    return;
  }
  const query = client.getQueryCache().build(client, { queryKey: options.queryKey });
  query.setState({ status: 'error', error: new ShareLoadError(outcome.failure), errorUpdatedAt: Date.now(), fetchFailureCount: 1 });
}

/**
 * The outcome the server wrote into the page (`#shared-task`), or null when there is none (any other page,
 * the Vite dev server) or it is unreadable. Its shape is the server's own answer, made by the same code.
 */
export function sharedTaskInPage(): SharedTaskOutcome | null {
  try {
    const text = document.getElementById(SHARED_TASK_ELEMENT_ID)?.textContent;
    const value: unknown = text ? JSON.parse(text) : null;
    if (!value || typeof value !== 'object' || typeof (value as { token?: unknown }).token !== 'string') return null;
    return value as SharedTaskOutcome;
  } catch {
    return null;
  }
}
