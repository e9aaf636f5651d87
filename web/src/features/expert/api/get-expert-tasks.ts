import { useQuery } from '@tanstack/react-query';
import { expertWorkspaceSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

import { expertWorkspaceQueryKey } from '../../../lib/staff-roles.ts';

export const expertTasksQueryKey = expertWorkspaceQueryKey;

/** How often the workspace refreshes while shown: a task another expert takes leaves the lists, new messages raise the counts. */
const WORKSPACE_POLL_MS = 10_000;

/** `GET /api/expert/tasks`: the workspace's sections (matched, unassigned, mine, done) and the unread total. */
export const getExpertWorkspace = (signal?: AbortSignal) =>
  apiRequest('/api/expert/tasks', { identity: 'bearer', schema: expertWorkspaceSchema, signal });

/** The expert workspace, refreshed every 10 s; `enabled` false asks nothing (not an expert). */
export const useExpertWorkspace = (enabled = true) =>
  useQuery({
    queryKey: expertTasksQueryKey,
    queryFn: ({ signal }) => getExpertWorkspace(signal),
    retry: false,
    refetchInterval: WORKSPACE_POLL_MS,
    enabled,
  });
