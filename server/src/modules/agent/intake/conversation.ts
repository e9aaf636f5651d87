import type { TranscriptEntry } from '../brain.ts';

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
  /** The person's messages after each proposal (index k: after proposal k), i.e. their change requests. */
  changeRounds: string[][];
  proposalCount: number;
  /** Agent turns of kind 'question' since the latest proposal (since the start when there is none). */
  questionsSinceProposal: number;
  /** True when the person wrote after the latest proposal: that message is a change request. */
  userWroteAfterProposal: boolean;
}

/** Splits a transcript (oldest first) into the request, the change rounds and the turn counters. */
export function viewConversation(transcript: readonly TranscriptEntry[]): ConversationView {
  const view: ConversationView = {
    requestMessages: [],
    requestAttachments: [],
    userMessages: [],
    attachments: [],
    changeRounds: [],
    proposalCount: 0,
    questionsSinceProposal: 0,
    userWroteAfterProposal: false,
  };
  for (const entry of transcript) {
    if (entry.role === 'agent') {
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
      round.push(entry.content);
      view.userWroteAfterProposal = true;
    } else {
      view.requestMessages.push(entry.content);
      view.requestAttachments.push(...files);
    }
  }
  return view;
}
