import { useQuery } from '@tanstack/react-query';
import {
  PAGE_CONFIG_ELEMENT_ID,
  type ConfigResponse,
  type ExpertResponse,
  type PublicConfig,
  type PublicPayments,
} from '@unstuck/contract';
import { apiRequest } from './api-client.ts';

/** The names the server configures (GET /api/config); these defaults apply until it answers, or if it cannot. */
export const DEFAULT_PRODUCT_CONFIG: PublicConfig = { productName: 'Unstuck', aiName: 'Unstuck AI', hourlyRate: '$95' };

export const productConfigQueryKey = ['config'] as const;

/** `GET /api/config`: the product and AI names, the hourly rate and the expected first reply of an expert. */
export const getProductConfig = () => apiRequest<ConfigResponse>('/api/config');

/**
 * The configuration the server wrote into the page (contract `PAGE_CONFIG_ELEMENT_ID`), so the first
 * view needs no request for it; null when the page has none (the Vite dev server) or it is unreadable.
 */
function configInPage(): PublicConfig | null {
  try {
    const text = document.getElementById(PAGE_CONFIG_ELEMENT_ID)?.textContent;
    const value: unknown = text ? JSON.parse(text) : null;
    if (!value || typeof value !== 'object') return null;
    const { productName, aiName, hourlyRate } = value as Record<string, unknown>;
    return typeof productName === 'string' && typeof aiName === 'string' && typeof hourlyRate === 'string'
      ? { productName, aiName, hourlyRate }
      : null;
  } catch {
    return null;
  }
}

/** The product and AI names and the rate: from the page, else the defaults until the server has answered. */
export function useProductConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: productConfigQueryKey,
    queryFn: getProductConfig,
    initialData: () => configInPage() ?? undefined,
    staleTime: Infinity,
    retry: false,
  });
  return data ?? DEFAULT_PRODUCT_CONFIG;
}

/** The server computes the expected reply every few minutes; asking more often shows nothing new. */
const EXPERT_RESPONSE_STALE_MS = 5 * 60 * 1000;

/**
 * The expected first reply of an expert (`expertResponse` of `GET /api/config`, not in the page: it
 * changes as experts answer); null until the server has answered, when it has no figure, or on failure.
 * @param needed false while nothing on screen shows it: the first view asks the server nothing.
 */
export function useExpertResponse(needed = true): ExpertResponse | null {
  const { data } = useQuery({
    enabled: needed,
    queryKey: [...productConfigQueryKey, 'expert-response'],
    queryFn: async () => (await getProductConfig()).expertResponse,
    staleTime: EXPERT_RESPONSE_STALE_MS,
    retry: false,
  });
  return data ?? null;
}

/**
 * How payments work on this server (`payments` of `GET /api/config`); null while unknown or when they are off.
 * @param needed false while nothing on screen shows it: the first view asks the server nothing.
 */
export function usePaymentsConfig(needed = true): PublicPayments {
  const { data } = useQuery({
    enabled: needed,
    queryKey: [...productConfigQueryKey, 'payments'],
    queryFn: async () => (await getProductConfig()).payments,
    staleTime: Infinity,
    retry: false,
  });
  return data ?? null;
}
