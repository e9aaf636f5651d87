import type { RequestType } from '@unstuck/contract';
import { readTechnologies } from '../../src/modules/agent/technologies/recognise.ts';
import type { Envelope, EvaluationCase } from './dev-set.ts';
import type { AskedTopic } from './simulated-person.ts';

/** One agent turn as the harness saw it through the API. */
export interface ObservedTurn {
  kind: 'question' | 'proposal';
  content: string;
  requestType: RequestType | null;
  stack: string[];
  aiTools: string[];
  estimate: { hoursLow: number; hoursHigh: number; priceLow: number; priceHigh: number; currency: string } | null;
  /** For questions: the topics the simulated person heard in it. */
  topics: AskedTopic[];
}

/** The scores of one case. */
export interface CaseScore {
  first: string;
  expectedType: RequestType;
  /** The type the agent gave after the first message (the set labels first messages). */
  firstType: RequestType | null;
  /** The type the agent settled on in its proposal (or last turn). */
  finalType: RequestType | null;
  typeRight: boolean;
  stackExpected: number;
  stackNamed: number;
  stackMissed: string[];
  /** Expected AI tools the agent reported anywhere as stack. */
  aiToolsAsStack: string[];
  aiToolsExpected: number;
  aiToolsNoted: number;
  /** 1-based number of the agent turn that was the first proposal; null when none came. */
  turnsToProposal: number | null;
  /** True when the proposal states hours and a price (text and estimate). */
  estimateStated: boolean | null;
  repeatedQuestions: number;
  /** True when no proposal came within the turn limit or the agent said the same thing twice. */
  loop: boolean;
  estimate: ObservedTurn['estimate'];
  envelope: Envelope | null;
  /** Whether the proposal's hours lie inside the case's envelope; null when the case has none. */
  insideEnvelope: boolean | null;
  /** Each topic a question asked for although the person had already told it (up front, or in an answer). */
  askedTold: AskedTopic[];
}

/** Lower case, no marks or parentheses, no trailing "js": "Next.js" → "next", "shadcn/ui" → "shadcn ui". */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}#+]+/gu, ' ')
    .replace(/\s(?:js)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The catalogue's canonical name when the whole of `name` is one technology ("Postgres" → "PostgreSQL"). */
function canonical(name: string): string {
  const { stack, aiTools } = readTechnologies(name);
  return stack[0]?.name ?? aiTools[0] ?? name;
}

/**
 * Whether the agent named `expected` in its own words with `named` (one item of its stack): the same
 * name once letter case, marks and a ".js" are set aside, the same technology under another of its
 * names ("Postgres" and "PostgreSQL"), or a more specific name containing it ("Amazon ECS" for "ECS").
 * A sentence pasted as an item (more than five words) names nothing.
 */
export function namesTechnology(named: string, expected: string): boolean {
  if (named.trim().split(/\s+/).length > 5) return false;
  const a = normaliseName(named);
  const b = normaliseName(expected);
  if (!a || !b) return false;
  if (a === b || normaliseName(canonical(named)) === normaliseName(canonical(expected))) return true;
  return ` ${a} `.includes(` ${b} `);
}

const HOURS = /\b\d+\s*(?:[–-]|to)\s*\d+\s*(?:hours|hrs|h)\b/i;
const PRICE = /(?:[$€£¥₹]|\b[A-Z]{3}\s?)\s?\d[\d,.]*/;

/**
 * Scores one conversation: the agent's turns in order (as read from the API) against the case.
 * `maxTurns` is the harness's turn limit: no proposal by then is a loop. An estimate is inside the
 * envelope when its low end is at least the envelope's minimum and its high end at most its maximum;
 * a question asks for something told when one of its topics was told up front (`toldUpFront`) or
 * answered earlier.
 */
export function scoreCase(testCase: EvaluationCase, turns: readonly ObservedTurn[], maxTurns: number): CaseScore {
  const proposalIndex = turns.findIndex((t) => t.kind === 'proposal');
  const proposal = proposalIndex >= 0 ? turns[proposalIndex] : undefined;
  const settled = proposal ?? turns.at(-1);
  const stack = settled?.stack ?? [];
  const missed = testCase.stack.filter((tech) => !stack.some((named) => namesTechnology(named, tech)));
  const aiToolsAsStack = testCase.ai_tools.filter((tool) => turns.some((t) => t.stack.some((named) => namesTechnology(named, tool))));
  const aiNoted = testCase.ai_tools.filter((tool) => turns.some((t) => t.aiTools.some((named) => namesTechnology(named, tool))));

  let repeated = 0;
  const asked = new Set<AskedTopic>();
  const told = toldUpFront(testCase);
  const askedTold: AskedTopic[] = [];
  const questions = proposalIndex >= 0 ? turns.slice(0, proposalIndex) : turns;
  for (const turn of questions) {
    if (turn.topics.some((topic) => asked.has(topic))) repeated += 1;
    askedTold.push(...turn.topics.filter((topic) => told.has(topic)));
    for (const topic of turn.topics) {
      asked.add(topic);
      // The person answers every topic they recognise; the technologies with the details.
      told.add(topic);
      if (topic === 'stack') told.add('details');
    }
  }
  const estimate = proposal?.estimate ?? null;
  const envelope = testCase.envelope ?? null;
  const texts = turns.map((t) => t.content.trim());
  const saidTwice = new Set(texts).size < texts.length;
  const firstType = turns[0]?.requestType ?? null;
  return {
    first: testCase.first,
    expectedType: testCase.request_type,
    firstType,
    finalType: settled?.requestType ?? null,
    typeRight: firstType === testCase.request_type,
    stackExpected: testCase.stack.length,
    stackNamed: testCase.stack.length - missed.length,
    stackMissed: missed,
    aiToolsAsStack,
    aiToolsExpected: testCase.ai_tools.length,
    aiToolsNoted: aiNoted.length,
    turnsToProposal: proposal ? proposalIndex + 1 : null,
    estimateStated: proposal ? proposal.estimate !== null && HOURS.test(proposal.content) && PRICE.test(proposal.content) : null,
    repeatedQuestions: repeated,
    loop: !proposal || proposalIndex + 1 > maxTurns || saidTwice,
    estimate,
    envelope,
    insideEnvelope: envelope
      ? estimate !== null && estimate.hoursLow >= envelope.min_hours && estimate.hoursHigh <= envelope.max_hours
      : null,
    askedTold,
  };
}

/**
 * What the person told before any question: the case's `told` topics, the code when a ZIP came with the
 * first message, and the technologies when the first message names the project's stack.
 */
function toldUpFront(testCase: EvaluationCase): Set<AskedTopic> {
  const told = new Set<AskedTopic>(testCase.told);
  if (testCase.attachment) told.add('code');
  if (testCase.stack.length > 0) told.add('stack');
  return told;
}

/** Totals over all cases, in the terms of the targets. */
export interface Totals {
  cases: number;
  stackRecall: number;
  stackNamed: number;
  stackExpected: number;
  aiToolsAsStack: number;
  aiToolsNoted: number;
  aiToolsExpected: number;
  typeRight: number;
  proposalsWithin4: number;
  proposals: number;
  estimatesStated: number;
  repeatedQuestions: number;
  loops: number;
  /** Cases with an envelope, and those whose estimate lies inside it. */
  envelopes: number;
  insideEnvelope: number;
  /** Questions' topics the person had already told, over all cases. */
  askedTold: number;
}

/** Adds up case scores; stack recall is over all expected technologies (micro average). */
export function totalsOf(scores: readonly CaseScore[]): Totals {
  const sum = (f: (s: CaseScore) => number) => scores.reduce((n, s) => n + f(s), 0);
  const stackExpected = sum((s) => s.stackExpected);
  const stackNamed = sum((s) => s.stackNamed);
  return {
    cases: scores.length,
    stackRecall: stackExpected === 0 ? 1 : stackNamed / stackExpected,
    stackNamed,
    stackExpected,
    aiToolsAsStack: sum((s) => s.aiToolsAsStack.length),
    aiToolsNoted: sum((s) => s.aiToolsNoted),
    aiToolsExpected: sum((s) => s.aiToolsExpected),
    typeRight: sum((s) => (s.typeRight ? 1 : 0)),
    proposalsWithin4: sum((s) => (s.turnsToProposal !== null && s.turnsToProposal <= 4 ? 1 : 0)),
    proposals: sum((s) => (s.turnsToProposal !== null ? 1 : 0)),
    estimatesStated: sum((s) => (s.estimateStated ? 1 : 0)),
    repeatedQuestions: sum((s) => s.repeatedQuestions),
    loops: sum((s) => (s.loop ? 1 : 0)),
    envelopes: sum((s) => (s.envelope ? 1 : 0)),
    insideEnvelope: sum((s) => (s.insideEnvelope ? 1 : 0)),
    askedTold: sum((s) => s.askedTold.length),
  };
}
