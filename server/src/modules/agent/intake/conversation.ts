import type { TranscriptEntry } from '../brain.ts';
import { topicsOfQuestion } from '../knowledge/knowledge.ts';
import { findQuestions } from '../knowledge/questions.ts';
import { asksForChange } from './change-request.ts';

/** The transcript cut the way the intake agent needs it. */
export interface ConversationView {
  /** The person's messages before the first proposal: the request that proposals answer. */
  requestMessages: string[];
  /** Attachment names of those messages. */
  requestAttachments: string[];
  /** All the person's messages, oldest first. */
  userMessages: string[];
  /** All attachment names the person sent. */
  attachments: string[];
  /** The request, the change requests and remarks: what the facts are read from (questions after a proposal are not). */
  factMessages: string[];
  /** The person's change requests after each proposal (index k: after proposal k); questions and remarks left out. */
  changeRounds: string[][];
  /** True when the person's latest message, written after a proposal, asks to change it (change-request.ts `asksForChange`). */
  latestIsChange: boolean;
  /** True when the transcript ends with a message of the person's. */
  personSpokeLast: boolean;
  proposalCount: number;
  /** Agent turns of kind 'question' since the latest proposal (since the start when there is none). */
  questionsSinceProposal: number;
  /** True when the person wrote after the latest proposal: that message is a change request. */
  userWroteAfterProposal: boolean;
}

/** A message after a proposal that changes it, rather than asking about the service or remarking. */
function isChange(message: string): boolean {
  return asksForChange(
    message,
    findQuestions(message).some((q) => topicsOfQuestion(q).length > 0),
  );
}

/** Splits a transcript (oldest first) into the request, the change rounds and the turn counters. */
export function viewConversation(transcript: readonly TranscriptEntry[]): ConversationView {
  const view: ConversationView = {
    requestMessages: [],
    requestAttachments: [],
    userMessages: [],
    attachments: [],
    factMessages: [],
    changeRounds: [],
    latestIsChange: false,
    personSpokeLast: false,
    proposalCount: 0,
    questionsSinceProposal: 0,
    userWroteAfterProposal: false,
  };
  // After "what would you like to change?" the answer is a change, in whatever words.
  let askedWhatToChange = false;
  for (const entry of transcript) {
    if (entry.role === 'agent') {
      askedWhatToChange = view.proposalCount > 0 && entry.kind !== 'proposal' && /\bchange\b[^?\n]*\?/i.test(entry.content);
      if (entry.kind === 'proposal') {
        view.proposalCount += 1;
        view.changeRounds.push([]);
        view.questionsSinceProposal = 0;
        view.userWroteAfterProposal = false;
      } else if (entry.kind === 'question') view.questionsSinceProposal += 1;
      continue;
    }
    const files = entry.attachmentNames ?? [];
    view.userMessages.push(entry.content);
    view.attachments.push(...files);
    const round = view.changeRounds[view.changeRounds.length - 1];
    if (round) {
      view.userWroteAfterProposal = true;
      view.latestIsChange = askedWhatToChange || isChange(entry.content);
      askedWhatToChange = false;
      if (view.latestIsChange) round.push(entry.content);
      // A remark ("the repo is on GitHub") is a fact; a question about the service is not.
      if (view.latestIsChange || findQuestions(entry.content).length === 0) view.factMessages.push(entry.content);
    } else {
      view.requestMessages.push(entry.content);
      view.requestAttachments.push(...files);
      view.factMessages.push(entry.content);
    }
  }
  view.personSpokeLast = transcript.at(-1)?.role === 'user';
  return view;
}
