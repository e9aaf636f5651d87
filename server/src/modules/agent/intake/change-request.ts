import { extractBudgetFromMessage } from './extract-budget.ts';
import { extractDeadlineFromMessage } from './extract-deadline.ts';
import { extractFeatures } from './extract-features.ts';
import { readTechnologies } from '../technologies/recognise.ts';
import type { Technology } from '../technologies/types.ts';
import { capitalize, meaningfulWords, toStatement, truncate } from './text.ts';
import type { Budget, Deadline } from './types.ts';

/** What one message written after a proposal asks to change. */
export interface ChangeRequest {
  additions: string[];
  removals: string[];
  /** 0.7 for "smaller"/"cheaper", 1.3 for "bigger"/"more thorough", else 1. */
  scale: number;
  budget: Budget | null;
  deadline: Deadline | null;
  stack: Technology[];
  /** The message as a statement, passed on to the expert when nothing else could be applied. */
  note: string;
}

/** The scope of a proposal after the changes applied so far. */
export interface ScopeState {
  items: string[];
  excluded: string[];
  addedItems: number;
  removedItems: number;
  scale: number;
}

const CLAUSE_END = String.raw`(?=\s+but\b|,?\s+and\s+(?:remove|drop|skip|make|change|lower|reduce|cut|move|set)\b|[.;!?\n]|$)`;
const ADD = new RegExp(
  String.raw`\b(?:add(?:ing)?|includ(?:e|ing)|also (?:add|need|want)|plus)\s+(?:an?\s+|the\s+|some\s+)?(?!that\b)([^.;!?\n]+?)${CLAUSE_END}`,
  'gi',
);
const REMOVE = new RegExp(
  String.raw`\b(?:remov(?:e|ing)|drop(?:ping)?|skip(?:ping)?|leav(?:e|ing) out|exclud(?:e|ing)|without|no need for|(?:don'?t|do not) need)\s+(?:the\s+|an?\s+|any\s+)?([^.;,!?\n]+?)(?=\s+(?:and|but)\b|[.;,!?\n]|$)`,
  'gi',
);
const SMALLER =
  /\b(?:smaller|cheaper|simpler|less expensive|lower (?:the )?(?:price|cost)|reduce|cut (?:down|back)|minimal|bare[- ]bones|too (?:expensive|much|high|big)|fewer|leaner)\b/i;
const BIGGER = /\b(?:bigger|larger|more thorough|more polish|extra polish|expand|more features)\b/i;

/**
 * Reads a change request: "add X" / "include X" (new scope items), "remove X" / "without X" (items to
 * drop), "smaller", "cheaper" (hours × 0.7) or "bigger", "more thorough" (× 1.3), and a new budget,
 * deadline or technology stated in the same message.
 */
export function parseChangeRequest(text: string): ChangeRequest {
  const clean = (s: string | undefined): string => truncate(capitalize(toStatement(s ?? '').replace(/[.!]+$/, '')), 80);
  return {
    additions: [...text.matchAll(ADD)].map((m) => clean(m[1])).filter(Boolean),
    removals: [...text.matchAll(REMOVE)].map((m) => clean(m[1])).filter(Boolean),
    scale: SMALLER.test(text) ? 0.7 : BIGGER.test(text) ? 1.3 : 1,
    budget: extractBudgetFromMessage(text),
    deadline: extractDeadlineFromMessage(text),
    stack: readTechnologies(text).stack.filter((t) => !t.implied),
    note: truncate(toStatement(text), 200),
  };
}

/** Words that ask to change the proposal itself, whatever else the message says. */
const MODIFY =
  /\b(?:change|modify|revise|adjust|instead|rather than|replace|swap|lower|reduce|cut|extend|expand|drop|remove|add|include|without|(?:only|also) (?:need|want))\b/i;

/**
 * Whether a message written after a proposal asks to change it (docs/product.md "agent-1": a new version
 * only on a change of scope, budget or deadline, or an explicit request to modify): items to add or
 * remove, "smaller" or "bigger", a budget, modifying words ("instead", "change"); a deadline or a
 * technology too, unless the message is a question about the service (`aboutTheService`: "can the
 * expert start today" names a day, not a deadline). A plain question or remark is not a change.
 */
export function asksForChange(text: string, aboutTheService: boolean): boolean {
  const change = parseChangeRequest(text);
  if (change.additions.length > 0 || change.removals.length > 0 || change.scale !== 1 || change.budget || MODIFY.test(text)) return true;
  return !aboutTheService && (change.deadline !== null || change.stack.length > 0);
}

function stems(text: string): Set<string> {
  return new Set(
    meaningfulWords(text)
      .filter((w) => w.length >= 3)
      .map((w) => w.replace(/s$/, '')),
  );
}

/** An item matches a removal when they share a feature ("login" ~ "User accounts and sign-in") or a word. */
function matchesRemoval(item: string, removal: string): boolean {
  const features = extractFeatures(removal);
  if (features.some((f) => item === f)) return true;
  const wanted = stems(removal);
  return [...stems(item)].some((w) => wanted.has(w));
}

/**
 * Applies one change request to the scope and returns the new state and what changed, as lines for
 * the "What changed" list of a revised proposal. A removal that matches no item is listed as excluded,
 * so the expert still sees it. The scale stays within 0.5–2 however often "smaller" is asked.
 */
export function applyChange(state: ScopeState, change: ChangeRequest): { state: ScopeState; log: string[] } {
  const log: string[] = [];
  let items = [...state.items];
  const excluded = [...state.excluded];
  let { addedItems, removedItems } = state;
  for (const removal of change.removals) {
    const kept = items.filter((item) => !matchesRemoval(item, removal));
    if (kept.length < items.length) {
      log.push(`Removed: ${items.filter((item) => !kept.includes(item)).join('; ')}`);
      removedItems += items.length - kept.length;
      items = kept;
    } else {
      excluded.push(removal);
      log.push(`Left out: ${removal}`);
    }
  }
  for (const addition of change.additions) {
    if (items.some((item) => item.toLowerCase() === addition.toLowerCase())) continue;
    items.push(addition);
    addedItems += 1;
    log.push(`Added: ${addition}`);
  }
  const scale = Math.min(Math.max(state.scale * change.scale, 0.5), 2);
  if (change.scale < 1) log.push('Made smaller to lower the price');
  if (change.scale > 1) log.push('Made more thorough');
  if (change.budget) log.push(`Budget: ${change.budget.text}`);
  if (change.deadline) log.push(`Deadline: ${change.deadline.text}`);
  if (change.stack.length > 0) log.push(`Technology: ${change.stack.map((s) => s.name).join(', ')}`);
  return { state: { items, excluded, addedItems, removedItems, scale }, log };
}
