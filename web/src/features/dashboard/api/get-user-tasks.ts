import { useQuery } from '@tanstack/react-query';
import { userTasksResponseSchema, type UserTasksResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const userTasksQueryKey = ['user-tasks'] as const;

export const getUserTasks = (signal?: AbortSignal): Promise<UserTasksResponse> =>
  apiRequest('/api/v2/user/tasks', { schema: userTasksResponseSchema, identity: 'bearer', signal });

/** While the dashboard shows: an expert's reply or status change raises the card's count within this much. */
const USER_TASKS_POLL_MS = 10_000;

/** The signed-in user's jobs not done, and the done ones not confirmed (the dashboard's "Your Active Jobs"). */
export function useUserTasks() {
  return useQuery({ queryKey: userTasksQueryKey, queryFn: ({ signal }) => getUserTasks(signal), refetchInterval: USER_TASKS_POLL_MS });
}
