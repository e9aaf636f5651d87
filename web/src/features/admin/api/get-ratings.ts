import { useQuery } from '@tanstack/react-query';
import { adminRatingListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const ratingsQueryKey = [...ADMIN_QUERY_ROOT, 'ratings'] as const;

/** `GET /api/admin/ratings`: the customers' ratings of done work, newest first, and their average. */
export const getRatings = () => apiRequest('/api/admin/ratings', { identity: 'bearer', schema: adminRatingListSchema });

export const useRatings = () => useQuery({ queryKey: ratingsQueryKey, queryFn: getRatings, retry: false });
