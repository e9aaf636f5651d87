import type { Config } from '../../config.ts';
import type { AgentBrain } from './brain.ts';
import { createIntakeBrain } from './intake/index.ts';
import { createLlmBrain } from './llm/index.ts';

/**
 * Picks agent-1's brain: the LLM named by LLM_PROVIDER/LLM_MODEL (validated in config.ts), else the
 * offline deterministic intake agent.
 */
export function brainFromConfig(config: Config): AgentBrain {
  if (!config.LLM_PROVIDER || !config.LLM_MODEL) return createIntakeBrain();
  return createLlmBrain({
    provider: config.LLM_PROVIDER,
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
  });
}
