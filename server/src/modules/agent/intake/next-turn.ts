import type { CodeAnalysis } from '@unstuck/contract';
import type { AgentTurn, AgentTurnInput } from '../brain.ts';
import { buildBrief, buildStaffNotes, readingOf } from './brief.ts';
import { viewConversation, type ConversationView } from './conversation.ts';
import { extractFacts } from './facts.ts';
import { questionsWithoutProgress, wantsProposalNow } from './progress.ts';
import { composeProposal, type Proposal } from './proposal.ts';
import { askedTopics, pendingTopics, questionText } from './questions.ts';
import type { IntakeFacts } from './types.ts';

/**
 * The agent proposes after this many clarifying questions at the latest: signed-in people may send ten
 * messages per session (docs/product.md "Validation"), and people leave long interrogations.
 */
const QUESTION_LIMIT = 3;

/** After this many questions in a row whose answers moved nothing on, the agent proposes. */
const STALL_LIMIT = 2;

const MODIFY_QUESTION = 'Of course. What would you like to change: what is included, the timeline, the budget, or something else?';

/**
 * The facts a turn works on: the goal, type and features come from the request (the messages before
 * the first proposal), so a change request cannot turn a bug fix into something else; stack, code,
 * deadline, budget, links and files come from every message, latest first, so a change request can
 * update them. `codeAnalysis` is the task's, when it is there yet.
 */
function factsOf(view: ConversationView, codeAnalysis: CodeAnalysis | null): IntakeFacts {
  const request = extractFacts(view.requestMessages, view.requestAttachments, codeAnalysis);
  if (view.proposalCount === 0) return request;
  const all = extractFacts(view.userMessages, view.attachments, codeAnalysis);
  return {
    ...request,
    stack: all.stack,
    codeAccess: all.codeAccess,
    deadline: all.deadline,
    budget: all.budget,
    links: all.links,
    attachments: all.attachments,
  };
}

function proposalTurn(facts: IntakeFacts, view: ConversationView, proposal: Proposal, why: string): AgentTurn {
  const { hoursLow, hoursHigh, priceLow, priceHigh, currency } = proposal.estimate;
  const action = view.proposalCount > 0 ? `sent a revised proposal (version ${view.proposalCount + 1})` : `sent a proposal (${why})`;
  return {
    kind: 'proposal',
    content: proposal.content,
    staffNotes: buildStaffNotes(facts, view.questionsSinceProposal, action),
    brief: buildBrief(facts, view.userMessages, proposal),
    reading: readingOf(facts),
    estimate: { hoursLow, hoursHigh, priceLow, priceHigh, currency },
  };
}

/** Why the agent proposes now instead of asking, or null while it should ask `next`. */
function reasonToPropose(input: AgentTurnInput, view: ConversationView, next: unknown): string | null {
  const latest = view.userMessages.at(-1) ?? '';
  if (wantsProposalNow(latest)) return 'the person asked for it';
  if (input.messagesLeft <= 0) return 'the person cannot send another message';
  if (questionsWithoutProgress(input.transcript) >= STALL_LIMIT) return `${STALL_LIMIT} answers in a row added nothing`;
  if (!next) return 'nothing left to ask';
  if (view.questionsSinceProposal >= QUESTION_LIMIT) return `${QUESTION_LIMIT} questions asked`;
  return null;
}

/**
 * Decides the intake agent's next turn. Before any proposal it asks, at most once each, for what is
 * missing (questions.ts: the goal; the details, for a bug the error and its reproduction; then the code
 * and the timing together; all at once when the person can send only one more message), and proposes
 * as soon as nothing is left to ask, when the person asks for the proposal or cannot answer any more
 * (`input.messagesLeft`), after two answers in a row that added nothing, or after three questions; what is still
 * missing becomes the proposal's assumptions, and a request it could not understand becomes an offer of
 * a call with a human expert. After a proposal: a pressed "Let's modify it" with nothing written yet
 * gets the question what to change; any message the person writes after the latest proposal is a
 * change request and gets a revised proposal. Pure and deterministic. Throws a RangeError when
 * `input.rates.currency` is not a currency code (configuration error).
 */
export function nextIntakeTurn(input: AgentTurnInput): AgentTurn {
  const view = viewConversation(input.transcript);
  const facts = factsOf(view, input.codeAnalysis ?? null);

  if (view.proposalCount > 0) {
    const current = composeProposal(facts, view.changeRounds, input.rates);
    if (input.modificationRequested && !view.userWroteAfterProposal) {
      return {
        kind: 'question',
        content: MODIFY_QUESTION,
        staffNotes: buildStaffNotes(facts, view.questionsSinceProposal, 'asked what to change in the proposal'),
        brief: buildBrief(facts, view.userMessages, current),
        reading: readingOf(facts),
      };
    }
    return proposalTurn(facts, view, current, 'revision');
  }

  const pending = pendingTopics(facts, askedTopics(input.transcript));
  // With one message left, everything still open goes into one question.
  const next = input.messagesLeft === 1 && pending.length > 1 ? [...new Set(pending.flat())] : pending[0];
  const reason = reasonToPropose(input, view, next);
  if (next && !reason) {
    const firstTurn = !input.transcript.some((e) => e.role === 'agent');
    return {
      kind: 'question',
      content: questionText(next, facts, { aiName: input.aiName, firstTurn }),
      staffNotes: buildStaffNotes(facts, view.questionsSinceProposal, `asked about ${next.join(' and ')}`),
      brief: buildBrief(facts, view.userMessages, null),
      reading: readingOf(facts),
    };
  }
  return proposalTurn(facts, view, composeProposal(facts, view.changeRounds, input.rates), reason ?? 'nothing left to ask');
}
