import { Output, streamText } from 'ai';
import type { AgentBrain, AgentTurn, AgentTurnInput } from '../brain.ts';
import { toAgentTurn, toDraftContent } from './guard-rails.ts';
import { holdToIntakeRules } from './house-rules.ts';
import { createLanguageModel, type LlmEndpoint } from './model.ts';
import { buildSystemPrompt } from './system-prompt.ts';
import { toModelMessages } from './transcript.ts';
import { modelTurnSchema } from './turn-schema.ts';

/** Options of the LLM brain (configuration LLM_PROVIDER, LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS). */
export interface LlmBrainOptions extends LlmEndpoint {
  /** Longest wait for one model answer, in milliseconds; the turn fails after it. */
  timeoutMs: number;
}

/**
 * Creates the agent brain backed by an LLM through the AI SDK (`streamText` with `Output.object`),
 * named `llm:<provider>:<model>`.
 *
 * Each `nextTurn` makes one streamed request: our system prompt, the transcript as user/assistant
 * messages, and the JSON schema of the answer (kind, content, staffNotes, brief, estimate in hours).
 * While the answer streams, the partial object's `content` (only that field: staff notes never leave
 * the server) goes to `input.onDraft` (docs/decisions/018-streamed-replies.md). The complete answer is
 * validated, then repaired by the guard rails (kind follows the content, price computed from
 * `input.rates`, title ≤ 80 characters) and held to the intake agent's rules (house-rules.ts: no new
 * version for a question, a Diagnosis when vague, at most three questions).
 *
 * Errors propagate so the job queue can retry: the SDK's APICallError on an HTTP error, the stream's
 * error when it drops mid-way, NoObjectGeneratedError (or NoOutputGeneratedError) when the answer is
 * not JSON of the schema, an Error "LLM did not answer within N ms" (cause: the abort) after
 * `timeoutMs`, RangeError on an invalid currency code. The SDK's own retries are off, so a retry never
 * runs past the timeout or doubles the queue's.
 */
export function createLlmBrain(options: LlmBrainOptions): AgentBrain {
  const model = createLanguageModel(options);
  return {
    name: `llm:${options.provider}:${options.model}`,
    async nextTurn(input: AgentTurnInput): Promise<AgentTurn> {
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        // The SDK hands stream errors to onError (by default console.error) and ends the streams
        // quietly: keep the first one to throw it, so the queue retries the turn.
        let streamError: unknown;
        const result = streamText({
          model,
          system: buildSystemPrompt(input),
          messages: toModelMessages(input.transcript),
          output: Output.object({ schema: modelTurnSchema, name: 'agent_turn' }),
          maxRetries: 0,
          abortSignal: signal,
          onError: ({ error }) => {
            streamError ??= error;
          },
        });
        let shown = '';
        for await (const partial of result.partialOutputStream) {
          const draft = typeof partial.content === 'string' ? toDraftContent(partial.content) : '';
          if (draft !== shown && draft.trim() !== '') {
            shown = draft;
            input.onDraft?.(draft);
          }
        }
        if (streamError !== undefined)
          throw streamError instanceof Error ? streamError : new Error('LLM stream failed', { cause: streamError });
        return holdToIntakeRules(toAgentTurn(await result.output, input), input);
      } catch (error) {
        if (signal.aborted) {
          throw new Error(`LLM did not answer within ${options.timeoutMs} ms`, { cause: error });
        }
        throw error;
      }
    },
  };
}
