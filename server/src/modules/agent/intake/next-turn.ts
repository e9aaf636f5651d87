import type { AgentTurn, AgentTurnInput } from '../brain.ts';
import { viewConversation, type ConversationView } from './conversation.ts';
import { extractFacts } from './facts.ts';
import { buildBrief, buildStaffNotes } from './brief.ts';
import { composeProposal, type Proposal } from './proposal.ts';
import { askedSteps, pendingSteps, questionText } from './questions.ts';
import type { IntakeFacts } from './types.ts';
import type { RequestReading } from '@unstuck/contract';

const OLD_TYPES = { 'bug-fix': 'bug_fix', 'new-feature': 'feature', 'new-app': 'new_build', deployment: 'infrastructure', integration: 'integration', other: 'unclear' } as const;
const readingOf = (facts: IntakeFacts): RequestReading => ({ requestType: OLD_TYPES[facts.type], stack: facts.stack.map((s) => s.name), aiTools: [] });

/**
 * Once the goal is known, the agent proposes after this many clarifying questions (goal questions
 * included) since the last proposal. Guests may send only two messages and signed-in users ten per
 * session (spec §5), so the agent must get to a proposal quickly.
 */
const QUESTION_LIMIT = 3;

const MODIFY_QUESTION = 'Of course. What would you like to change: what is included, the timeline, the budget, or something else?';

/**
 * The facts a turn works on: the goal, type and features come from the request (the messages before
 * the first proposal), so a change request cannot turn a bug fix into something else; stack, deadline,
 * budget, links and files come from every message, latest first, so a change request can update them.
 */
function factsOf(view: ConversationView): IntakeFacts {
  const request = extractFacts(view.requestMessages, view.requestAttachments);
  if (view.proposalCount === 0) return request;
  const all = extractFacts(view.userMessages, view.attachments);
  return { ...request, stack: all.stack, deadline: all.deadline, budget: all.budget, links: all.links, attachments: all.attachments };
}

function proposalTurn(facts: IntakeFacts, view: ConversationView, proposal: Proposal): AgentTurn {
  const { hoursLow, hoursHigh, priceLow, priceHigh, currency } = proposal.estimate;
  const action = view.proposalCount > 0 ? `sent a revised proposal (version ${view.proposalCount + 1})` : 'sent a proposal';
  return {
    kind: 'proposal',
    content: proposal.content,
    staffNotes: buildStaffNotes(facts, view.questionsSinceProposal, QUESTION_LIMIT, action),
    brief: buildBrief(facts, view.userMessages, proposal),
    reading: readingOf(facts),
    estimate: { hoursLow, hoursHigh, priceLow, priceHigh, currency },
  };
}

/**
 * Decides the intake agent's next turn. Before any proposal: ask for the goal until it is known, then
 * for the stack (and a bug's exact error), then deadline and budget, never twice for the same thing;
 * propose once nothing is left to ask or `QUESTION_LIMIT` questions were asked. After a proposal: a
 * pressed "Let's modify it" with nothing written yet gets the question what to change; any message
 * the person writes after the latest proposal is a change request and gets a revised proposal.
 * Pure and deterministic: the same input gives the same turn. Throws a RangeError when
 * `input.rates.currency` is not a currency code (configuration error).
 */
export function nextIntakeTurn(input: AgentTurnInput): AgentTurn {
  const view = viewConversation(input.transcript);
  const facts = factsOf(view);

  if (view.proposalCount > 0) {
    const current = composeProposal(facts, view.changeRounds, input.rates);
    if (input.modificationRequested && !view.userWroteAfterProposal) {
      return {
        kind: 'question',
        content: MODIFY_QUESTION,
        staffNotes: buildStaffNotes(facts, view.questionsSinceProposal, QUESTION_LIMIT, 'asked what to change in the proposal'),
        brief: buildBrief(facts, view.userMessages, current),
        reading: readingOf(facts),
      };
    }
    return proposalTurn(facts, view, current);
  }

  const asked = askedSteps(input.transcript);
  const step = pendingSteps(facts, new Set(asked.keys()))[0];
  if (step === 'goal' || (step && view.questionsSinceProposal < QUESTION_LIMIT)) {
    const firstTurn = !input.transcript.some((e) => e.role === 'agent');
    return {
      kind: 'question',
      content: questionText(step, facts, { aiName: input.aiName, firstTurn, goalAsks: asked.get('goal') ?? 0 }),
      staffNotes: buildStaffNotes(facts, view.questionsSinceProposal, QUESTION_LIMIT, `asked about the ${step}`),
      brief: buildBrief(facts, view.userMessages, null),
      reading: readingOf(facts),
    };
  }
  return proposalTurn(facts, view, composeProposal(facts, view.changeRounds, input.rates));
}
