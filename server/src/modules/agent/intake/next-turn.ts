import type { CodeAnalysis } from '@unstuck/contract';
import type { AgentTurn, AgentTurnInput } from '../brain.ts';
import { buildBrief, buildStaffNotes, readingOf } from './brief.ts';
import { viewConversation, type ConversationView } from './conversation.ts';
import { extractFacts } from './facts.ts';
import { questionsWithoutProgress, wantsProposalNow } from './progress.ts';
import { answerQuestions, answersText } from '../knowledge/questions.ts';
import type { AgentKnowledge } from '../knowledge/knowledge.ts';
import { gapQuestions } from './gap-questions.ts';
import { composeDiagnosis, composeProposal, type Proposal } from './proposal.ts';
import { askedTopics, pendingTopics, questionText, withIntro } from './questions.ts';
import { missingToPrice } from './readiness.ts';
import { asMarkdownText } from './text.ts';
import type { IntakeFacts } from './types.ts';

/**
 * The agent proposes after this many clarifying questions at the latest: signed-in people may send ten
 * messages per session (docs/product.md "Validation"), and people leave long interrogations.
 */
const QUESTION_LIMIT = 3;

/** After this many questions in a row whose answers moved nothing on, the agent proposes. */
const STALL_LIMIT = 2;

const MODIFY_QUESTION = 'Of course. What would you like to change: what is included, the timeline, the budget, or something else?';

/** How an answer after a proposal ends (docs/product.md "agent-1", "After a proposal"). */
export const ACCEPT_OR_CHANGE =
  "The proposal above stays as it is: press **✓ Sounds good** to accept it, or **✎ Let's modify it** (or just tell me) to change what is included, the timeline or the budget.";

/** What the intake agent does this turn; the LLM brain's guard rails hold the model to the same. */
export type IntakeStage = 'modify' | 'answer' | 'revise' | 'ask' | 'diagnosis' | 'intake';

/**
 * The facts a turn works on: the goal, type and features come from the request (the messages before
 * the first proposal), so a change request cannot turn a bug fix into something else; stack, code,
 * deadline, budget, links and files come from the request and the change requests, latest first, so a
 * change request can update them (a question after a proposal is not a fact). `codeAnalysis` is the
 * task's, when it is there yet.
 */
function factsOf(view: ConversationView, codeAnalysis: CodeAnalysis | null): IntakeFacts {
  const request = extractFacts(view.requestMessages, view.requestAttachments, codeAnalysis);
  if (view.proposalCount === 0) return request;
  const all = extractFacts(view.factMessages, view.attachments, codeAnalysis);
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

function questionTurn(
  facts: IntakeFacts,
  view: ConversationView,
  content: string,
  action: string,
  proposal: Proposal | null = null,
): AgentTurn {
  return {
    kind: 'question',
    content,
    staffNotes: buildStaffNotes(facts, view.questionsSinceProposal, action),
    brief: buildBrief(facts, view.userMessages, proposal),
    reading: readingOf(facts),
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

/** The figures agent-1's answers quote (knowledge/knowledge.ts). */
function knowledgeOf(input: AgentTurnInput, proposal: Proposal | null): AgentKnowledge {
  const hours = proposal ? ([proposal.estimate.hoursLow, proposal.estimate.hoursHigh] as const) : null;
  return { rates: input.rates, aiName: input.aiName, expertResponse: input.expertResponse ?? null, proposalHours: hours };
}

/**
 * Which kind of turn is due (pure): after a proposal, `modify` (the button pressed, nothing written
 * since), `revise` (the latest message asks for a change) or `answer` (a question or a remark: no new
 * version); before one, `ask` while what is needed to price is missing (readiness.ts) and the person
 * can still say more, `diagnosis` once they could not after two tries (or asked for the proposal, or
 * cannot write again and are signed in), else `intake` (the usual questions, then the proposal).
 */
export function intakeStage(input: AgentTurnInput): IntakeStage {
  const view = viewConversation(input.transcript);
  if (view.proposalCount > 0) {
    if (!view.personSpokeLast) return input.modificationRequested ? 'modify' : 'answer';
    return view.latestIsChange ? 'revise' : 'answer';
  }
  const facts = factsOf(view, input.codeAnalysis ?? null);
  if (missingToPrice(facts).length === 0) return 'intake';
  if (input.guest && input.messagesLeft <= 0) return 'ask';
  const latest = view.userMessages.at(-1) ?? '';
  const stuck = view.questionsSinceProposal >= 2 || questionsWithoutProgress(input.transcript) >= STALL_LIMIT;
  return stuck || wantsProposalNow(latest) || input.messagesLeft <= 0 ? 'diagnosis' : 'ask';
}

/**
 * Decides the intake agent's next turn (docs/product.md "agent-1"). It first reads the person's latest
 * message for questions about the service and answers them (knowledge/), in the same reply. Before
 * any proposal, while it does not know enough to price (readiness.ts: what is wrong or wanted, where
 * it runs, what done looks like), it asks for that, at most three questions one per line; a guest at
 * the guest limit gets only the most useful one (they go on after signing in); after two tries
 * without enough, or when the person asks for the proposal meanwhile, it offers a fixed Diagnosis
 * (1–2 hours at the rate). Once it knows enough it asks, at most once each, for what is still missing
 * (questions.ts: the details, then the code and the timing together; all at once when the person can
 * send only one more message), and proposes as soon as nothing is left to ask, when the person asks for
 * the proposal or cannot answer any more (`input.messagesLeft`), after two answers in a row that added
 * nothing, or after three questions; what is still missing becomes the proposal's assumptions. After a
 * proposal: a pressed "Let's modify it" with nothing written since gets the question what to change; a
 * message that asks for a change (change-request.ts `asksForChange`) gets a revised proposal; any
 * other message (a question, a remark) gets an answer and the proposal stays as it is. Pure and
 * deterministic. Throws a RangeError when `input.rates.currency` is not a currency code.
 */
export function nextIntakeTurn(input: AgentTurnInput): AgentTurn {
  const view = viewConversation(input.transcript);
  const facts = factsOf(view, input.codeAnalysis ?? null);
  const stage = intakeStage(input);
  const latest = view.personSpokeLast ? (view.userMessages.at(-1) ?? '') : '';

  if (view.proposalCount > 0) {
    const current = composeProposal(facts, view.changeRounds, input.rates);
    if (stage === 'modify') return questionTurn(facts, view, MODIFY_QUESTION, 'asked what to change in the proposal', current);
    if (stage === 'revise') return proposalTurn(facts, view, current, 'revision');
    const answered = answerQuestions(latest, knowledgeOf(input, current));
    const reply = answered.asked ? answersText(answered, asMarkdownText) : 'Thanks, noted: I have added that to your task for the expert.';
    return questionTurn(facts, view, `${reply}\n\n${ACCEPT_OR_CHANGE}`, 'answered the person; the proposal stands', current);
  }

  const answers = answersText(answerQuestions(latest, knowledgeOf(input, null)), asMarkdownText);
  const firstTurn = !input.transcript.some((e) => e.role === 'agent');
  if (stage === 'diagnosis') {
    return proposalTurn(
      facts,
      view,
      composeDiagnosis(facts, input.rates, answers),
      'a fixed Diagnosis: not enough to price after two tries',
    );
  }
  if (stage === 'ask') {
    const gaps = missingToPrice(facts);
    const questions = gapQuestions(gaps, facts, view.questionsSinceProposal);
    // At the guest limit only the most useful question: the person answers it after signing in.
    const asked = input.guest && input.messagesLeft <= 0 ? questions.slice(0, 1) : questions;
    return questionTurn(
      facts,
      view,
      withIntro(asked, facts, { aiName: input.aiName, firstTurn, answers }),
      `asked what is missing to price: ${gaps.join(', ')}`,
    );
  }

  const pending = pendingTopics(facts, askedTopics(input.transcript));
  // With one message left, everything still open goes into one question.
  const next = input.messagesLeft === 1 && pending.length > 1 ? [...new Set(pending.flat())] : pending[0];
  const reason = reasonToPropose(input, view, next);
  if (next && !reason) {
    return questionTurn(
      facts,
      view,
      questionText(next, facts, { aiName: input.aiName, firstTurn, answers }),
      `asked about ${next.join(' and ')}`,
    );
  }
  return proposalTurn(facts, view, composeProposal(facts, view.changeRounds, input.rates, answers), reason ?? 'nothing left to ask');
}
