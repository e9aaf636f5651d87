import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { extractJsonMiddleware, wrapLanguageModel, type LanguageModel } from 'ai';

/** Which LLM endpoint the agent talks to (configuration LLM_PROVIDER, LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
export interface LlmEndpoint {
  provider: 'openai-compatible' | 'anthropic';
  /** API root including the version, e.g. "http://127.0.0.1:11434/v1". */
  baseUrl?: string;
  apiKey?: string;
  model: string;
}

// Without a base URL an "OpenAI-compatible" endpoint is most likely OpenAI itself.
const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * Creates the AI SDK language model for an endpoint. No request is made here.
 * - openai-compatible: POST {baseUrl}/chat/completions, `Authorization: Bearer {apiKey}` when a key
 *   is given (local servers often need none). It is declared to support structured outputs, so a
 *   schema is sent as `response_format: {type: "json_schema", json_schema: {name, schema, strict}}`
 *   (OpenAI, vLLM, llama.cpp, Ollama and LM Studio accept it); answers wrapped in ```json fences
 *   are unwrapped by extractJsonMiddleware, as some models add them anyway.
 * - anthropic: the Messages API at `baseUrl` (default https://api.anthropic.com/v1); the key falls
 *   back to ANTHROPIC_API_KEY and its absence surfaces as an error on the first request.
 */
export function createLanguageModel(endpoint: LlmEndpoint): LanguageModel {
  if (endpoint.provider === 'anthropic') {
    const anthropic = createAnthropic({
      ...(endpoint.baseUrl ? { baseURL: endpoint.baseUrl } : {}),
      ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    });
    return anthropic(endpoint.model);
  }
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: endpoint.baseUrl || OPENAI_BASE_URL,
    ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    supportsStructuredOutputs: true,
  });
  return wrapLanguageModel({ model: provider.chatModel(endpoint.model), middleware: extractJsonMiddleware() });
}
