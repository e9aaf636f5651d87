import type { AgentBrain } from '../brain.ts';
import { nextIntakeTurn } from './next-turn.ts';

/**
 * The deterministic, offline intake agent (ARCHITECTURE.md: the embedded default of the agent's brain).
 * It reads the person's messages and attachment names, asks for what is missing (goal, then stack or
 * the exact error, then deadline and budget) and sends a proposal with scope, plan, next steps and an
 * estimate priced at `input.rates`; it revises the proposal on change requests. No network, no clock,
 * no randomness. `nextTurn` rejects with a RangeError when the configured currency is not a currency code.
 */
export function createIntakeBrain(): AgentBrain {
  return {
    name: 'intake',
    nextTurn: (input) => Promise.resolve().then(() => nextIntakeTurn(input)),
  };
}
