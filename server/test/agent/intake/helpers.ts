import type { CodeAnalysis } from '@unstuck/contract';
import type { AgentBrain, AgentTurn, TranscriptEntry } from '../../../src/modules/agent/brain.ts';

export const RATES = { hourlyRate: 80, currency: 'USD' };

/** The words that make the client show the proposal buttons (docs/product.md "Proposal"), as substrings. */
export const PROPOSAL_WORDS = ['estimate', 'quote', 'plan', 'next steps', 'scope'] as const;
/** Question-like phrases that make the client hide them. */
export const QUESTION_PHRASES = ['more details', 'could you tell', 'can you share', '?'] as const;

/** The proposal words found in `text`, ignoring letter case. */
export function proposalWordsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return PROPOSAL_WORDS.filter((w) => lower.includes(w));
}

/** The question-like phrases found in `text`, ignoring letter case. */
export function questionPhrasesIn(text: string): string[] {
  const lower = text.toLowerCase();
  return QUESTION_PHRASES.filter((w) => lower.includes(w));
}

export interface Step {
  user: string;
  attachments?: string[];
  /** Press "Let's modify it" before this step's message is sent (the brain is asked once without it). */
  pressModify?: boolean;
  /** The task's code analysis is there from this step's answer on (it runs in the background and may land late). */
  codeAnalysis?: CodeAnalysis;
}

/**
 * Plays a conversation: each step adds the person's message and records the brain's turn, as the
 * server would. A step with `pressModify` first asks the brain with `modificationRequested` true.
 * `messageLimit` is how many messages the person may send (10 signed in, 2 as a guest: docs/product.md "Validation").
 */
export async function converse(
  brain: AgentBrain,
  steps: readonly (Step | string)[],
  rates = RATES,
  messageLimit = 10,
): Promise<{ turns: AgentTurn[]; transcript: TranscriptEntry[] }> {
  const transcript: TranscriptEntry[] = [];
  const turns: AgentTurn[] = [];
  let codeAnalysis: CodeAnalysis | null = null;
  const ask = async (modificationRequested: boolean): Promise<void> => {
    const messagesLeft = messageLimit - transcript.filter((e) => e.role === 'user').length;
    const turn = await brain.nextTurn({
      transcript: [...transcript],
      modificationRequested,
      rates,
      aiName: 'Max',
      messagesLeft,
      codeAnalysis,
    });
    turns.push(turn);
    transcript.push({ role: 'agent', content: turn.content, kind: turn.kind });
  };
  for (const raw of steps) {
    const step: Step = typeof raw === 'string' ? { user: raw } : raw;
    codeAnalysis = step.codeAnalysis ?? codeAnalysis;
    if (step.pressModify) await ask(true);
    transcript.push({ role: 'user', content: step.user, ...(step.attachments ? { attachmentNames: step.attachments } : {}) });
    await ask(false);
  }
  return { turns, transcript };
}

/** The last element of a list, failing the test when it is empty. */
export function last<T>(list: readonly T[]): T {
  const item = list[list.length - 1];
  if (item === undefined) throw new Error('empty list');
  return item;
}
