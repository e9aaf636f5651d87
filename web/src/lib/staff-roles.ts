import { useQuery } from '@tanstack/react-query';
import type { CurrentUserResponse, ExpertWorkspace } from '@unstuck/contract';
import { apiRequest } from './api-client.ts';
import { isAdminUser, type AuthUser } from './auth-claims.ts';
import { useAuth } from './auth.tsx';

/** What the signed-in person may open besides their own pages. */
export interface StaffRoles {
  expert: boolean;
  admin: boolean;
}

/**
 * The signed-in person's expert and admin standing as the database says now (`GET /api/auth/me`),
 * read once per page load: an admin's change shows on the next load, although the token still
 * carries the old claims (docs/decisions/072-roles-from-the-database.md). Until it answers (or when it
 * fails) the token's claims stand in.
 */
export function useStaffRoles(user: AuthUser | null): StaffRoles {
  const { token } = useAuth();
  const me = useQuery({
    queryKey: ['auth', 'me', token],
    // No schema: the app shell is in the first view, which must not load zod (decision 056).
    queryFn: ({ signal }) => apiRequest<CurrentUserResponse>('/api/auth/me', { identity: 'bearer', signal }),
    enabled: user !== null && token !== null,
    staleTime: Infinity,
    retry: false,
  });
  const now = me.data?.user;
  if (!user) return { expert: false, admin: false };
  if (!now) return { expert: user.expert, admin: isAdminUser(user) };
  return { expert: now.expert, admin: now.admin || now.role === 'admin' };
}

/** The expert workspace's query key (features/expert reads the same answer under it). */
export const expertWorkspaceQueryKey = ['expert', 'tasks'] as const;

/**
 * The customers' messages an expert (or admin) has not read in the tasks they hold: the Expert
 * Queue link's badge, refreshed every 30 s; 0 and no request for anyone else.
 */
export function useExpertUnread(enabled: boolean): number {
  const workspace = useQuery({
    queryKey: expertWorkspaceQueryKey,
    // No schema here either (first view); the workspace page parses the same answer with its schema.
    queryFn: ({ signal }) => apiRequest<ExpertWorkspace>('/api/expert/tasks', { identity: 'bearer', signal }),
    enabled,
    refetchInterval: 30_000,
    retry: false,
  });
  return enabled ? (workspace.data?.unreadTotal ?? 0) : 0;
}
