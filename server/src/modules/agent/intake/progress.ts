import type { TranscriptEntry } from '../brain.ts';
import { extractFacts } from './facts.ts';
import { meaningfulWords } from './text.ts';
import type { IntakeFacts } from './types.ts';

/** "Just send the proposal", "skip the questions", "go ahead": the person wants the proposal now. */
const WANTS_PROPOSAL =
  /\b(?:(?:just|please|pls|can you|could you)\s+)?(?:send|give|show|make|write|get)\s+(?:me\s+|us\s+)?(?:the\s+|a\s+|your\s+)?(?:proposal|quote|estimate|offer|price)\b|\bskip (?:the |your )?questions\b|\b(?:stop|no more) (?:asking|questions)\b|\benough (?:with the )?questions\b|\bjust propose\b|\bgo ahead(?: with (?:the|a) proposal)?\b/i;

/** True when `message` asks for the proposal now, however the person words it. */
export function wantsProposalNow(message: string): boolean {
  return WANTS_PROPOSAL.test(message);
}

const normalise = (text: string) => meaningfulWords(text).join(' ');

/**
 * Whether the person's latest message moved the intake on: it is not a repeat of an earlier message
 * and it adds a fact (the goal, a clearer type, a technology, an AI tool, the error, the code, a
 * deadline, a budget, a count) or at least three words not used before.
 */
export function madeProgress(before: IntakeFacts, after: IntakeFacts, earlier: readonly string[], message: string): boolean {
  if (earlier.some((m) => normalise(m) === normalise(message) && normalise(m) !== '')) return false;
  const grew = (a: readonly unknown[], b: readonly unknown[]) => b.length > a.length;
  if (
    (!before.goal && after.goal) ||
    before.type !== after.type ||
    grew(before.stack, after.stack) ||
    grew(before.aiTools, after.aiTools) ||
    (!before.hasErrorDetails && after.hasErrorDetails) ||
    (!before.codeAccess && after.codeAccess) ||
    (!before.deadline && after.deadline) ||
    (!before.budget && after.budget) ||
    grew(before.scale, after.scale)
  ) {
    return true;
  }
  const known = new Set(earlier.flatMap((m) => meaningfulWords(m)));
  return meaningfulWords(message).filter((w) => !known.has(w)).length >= 3;
}

/**
 * How many of the agent's latest questions in a row got an answer that made no progress (see
 * `madeProgress`), counting back from the end of the conversation before its first proposal.
 */
export function questionsWithoutProgress(transcript: readonly TranscriptEntry[]): number {
  const messages: string[] = [];
  const files: string[] = [];
  let stalled = 0;
  let facts = extractFacts([], []);
  let afterQuestion = false;
  for (const entry of transcript) {
    if (entry.role === 'agent') {
      if (entry.kind === 'proposal') break;
      afterQuestion = entry.kind === 'question';
      continue;
    }
    const next = extractFacts([...messages, entry.content], [...files, ...(entry.attachmentNames ?? [])]);
    if (afterQuestion) stalled = madeProgress(facts, next, messages, entry.content) ? 0 : stalled + 1;
    messages.push(entry.content);
    files.push(...(entry.attachmentNames ?? []));
    facts = next;
    afterQuestion = false;
  }
  return stalled;
}
