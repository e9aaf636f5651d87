import { useQuery } from '@tanstack/react-query';
import { adminUserListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const usersQueryKey = [...ADMIN_QUERY_ROOT, 'users'] as const;

/** `GET /api/admin/users` (docs/product.md "Calls"): users and guests. */
export const getUsers = () => apiRequest('/api/admin/users', { identity: 'bearer', schema: adminUserListSchema });

export const useUsers = () => useQuery({ queryKey: usersQueryKey, queryFn: getUsers, retry: false });
