import type { PublicConfig } from '@unstuck/contract';
import type { Config } from '../../config.ts';
import { formatMoney } from '../agent/intake/estimate.ts';

/** The only configuration that reaches the browser (docs/conventions.md "Configuration"): names and the hourly rate as people read it. */
export function publicConfig(config: Pick<Config, 'PRODUCT_NAME' | 'AI_NAME' | 'AGENT_HOURLY_RATE' | 'AGENT_CURRENCY'>): PublicConfig {
  return {
    productName: config.PRODUCT_NAME,
    aiName: config.AI_NAME,
    hourlyRate: formatMoney(config.AGENT_HOURLY_RATE, config.AGENT_CURRENCY),
  };
}
