import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@unstuck/contract';
import { apiRequest } from './api-client.ts';

/** The names the server configures (GET /api/config); these defaults apply until it answers, or if it cannot. */
export const DEFAULT_PRODUCT_CONFIG: PublicConfig = { productName: 'Unstuck', aiName: 'Unstuck AI' };

/** `GET /api/config`: the product and AI names. */
export const getProductConfig = () => apiRequest<PublicConfig>('/api/config');

/** The product and AI names; the defaults until the server has answered. */
export function useProductConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: getProductConfig,
    staleTime: Infinity,
    retry: false,
  });
  return data ?? DEFAULT_PRODUCT_CONFIG;
}
