import { useQuery } from '@tanstack/react-query';
import { userTasksResponseSchema, type UserTasksResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const userTasksQueryKey = ['user-tasks'] as const;

export const getUserTasks = (signal?: AbortSignal): Promise<UserTasksResponse> =>
  apiRequest('/api/v2/user/tasks', { schema: userTasksResponseSchema, identity: 'bearer', signal });

/** The signed-in user's jobs that are not done (the dashboard's "Your Active Jobs"). */
export function useUserTasks() {
  return useQuery({ queryKey: userTasksQueryKey, queryFn: ({ signal }) => getUserTasks(signal) });
}
