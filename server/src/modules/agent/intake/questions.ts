import type { TranscriptEntry } from '../brain.ts';
import { describeRequest } from './classify-request.ts';
import { extractFacts } from './facts.ts';
import { joinAnd } from './text.ts';
import type { IntakeFacts, QuestionStep } from './types.ts';

/**
 * The questions still worth asking, in order: the goal while it is unknown (asked again and again:
 * nothing is proposed without it); then 'stack' when no technology is named or, for a bug, the exact
 * error is missing; then 'timing' when the deadline or the budget is missing. A step that was already
 * asked is not asked again, whatever the answer was: the proposal states what is still missing as an
 * assumption instead.
 */
export function pendingSteps(facts: IntakeFacts, asked: ReadonlySet<QuestionStep>): QuestionStep[] {
  if (!facts.goal) return ['goal'];
  const steps: QuestionStep[] = [];
  const needsDetails = facts.type === 'bug-fix' && !facts.hasErrorDetails;
  if ((facts.stack.length === 0 || needsDetails) && !asked.has('stack')) steps.push('stack');
  if ((!facts.deadline || !facts.budget) && !asked.has('timing')) steps.push('timing');
  return steps;
}

/**
 * Which steps the agent's earlier questions asked, counted as how many times each was asked. Found by
 * replaying the question rule on the conversation as it stood before each question, so it also works
 * when earlier questions were worded by another brain. Only questions before the first proposal count.
 */
export function askedSteps(transcript: readonly TranscriptEntry[]): Map<QuestionStep, number> {
  const asked = new Map<QuestionStep, number>();
  const messages: string[] = [];
  const files: string[] = [];
  for (const entry of transcript) {
    if (entry.role === 'user') {
      messages.push(entry.content);
      files.push(...(entry.attachmentNames ?? []));
      continue;
    }
    if (entry.kind === 'proposal') break;
    if (entry.kind !== 'question') continue;
    const step = pendingSteps(extractFacts(messages, files), new Set(asked.keys()))[0];
    if (step) asked.set(step, (asked.get(step) ?? 0) + 1);
  }
  return asked;
}

const GOAL_QUESTIONS: readonly string[] = [
  'What would you like built, or what is broken that you need fixed?',
  'Tell me in a sentence or two what you are working on: what should be built or fixed, and what for?',
  "To get a human expert on it I first need the goal: what are you trying to build, or what isn't working?",
];

/**
 * The text of a clarifying question for `step`. It never contains the words that make the client show
 * the proposal buttons (estimate, quote, plan, next steps, scope: spec §4), and always ends in a
 * question. `goalAsks` is how often the goal was asked before, to vary the wording; `firstTurn` adds a
 * short introduction by `aiName`.
 */
export function questionText(
  step: QuestionStep,
  facts: IntakeFacts,
  options: { aiName: string; firstTurn: boolean; goalAsks: number },
): string {
  const intro = options.firstTurn
    ? `Hi, I'm ${options.aiName}. I gather the details of your project and pass them on to a human expert. `
    : '';
  const stack = joinAnd(facts.stack.map((s) => s.name));
  switch (step) {
    case 'goal':
      return intro + (GOAL_QUESTIONS[options.goalAsks % GOAL_QUESTIONS.length] ?? '');
    case 'stack': {
      const needsDetails = facts.type === 'bug-fix' && !facts.hasErrorDetails;
      const what = 'What exactly happens: the full error message or log lines, or what you see instead of what you expect?';
      if (needsDetails && stack) return `${intro}Thanks, ${describeRequest(facts.type, facts.stack)}. ${what}`;
      if (needsDetails) {
        return `${intro}Thanks, that sounds like a bug fix. Which technologies does the project use (language, framework, hosting)? And ${what.charAt(0).toLowerCase()}${what.slice(1)}`;
      }
      return `${intro}Got it: ${describeRequest(facts.type, [])}. Which technologies does it use, or should it use (language, framework, database, hosting)? If you have no preference, just say so.`;
    }
    case 'timing': {
      const ack = stack ? `Thanks, noted: ${stack}. ` : 'Thanks, that helps. ';
      if (!facts.deadline && !facts.budget)
        return `${intro}${ack}Two last things: when do you need it done, and what budget do you have in mind?`;
      if (!facts.deadline) return `${intro}${ack}One last thing: when do you need it done?`;
      return `${intro}${ack}One last thing: what budget do you have in mind?`;
    }
  }
}
