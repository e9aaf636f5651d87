import type { Message, MessageDraft } from '@unstuck/contract';
import { fromServerMessage, type ChatMessage, type PageState } from '../types.ts';
import { agentWaitOutcome } from '../utils/chat-rules.ts';

/** The agent's message being written, as the event stream last showed it (decision 018). */
export interface StreamedDraft extends MessageDraft {
  conversationId: string | null;
  /** When this turn's first draft arrived (ISO 8601): the bubble's time. */
  startedAt: string;
}

/**
 * The event stream as the reader should know it: `connecting` before it first opened, `open`,
 * `reconnecting` after it failed or dropped, until it opens again ("Reconnecting…"), or `closed`
 * when the server refused it for good (polling alone carries on).
 */
export type StreamStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/**
 * One conversation as the chat shows it, from every source at once: what the server listed (polls,
 * a task's reads) and streamed, the person's sends not listed yet, the agent's draft, the stream's
 * health, the wait for the agent's answer and the proposals accepted here before the server says so.
 */
export interface ConversationState {
  conversationId: string | null;
  /** The server's messages by id (a later read or stream event wins), oldest first. */
  listed: ChatMessage[];
  /** The server answered at least once (a stored conversation is no longer "loading"). */
  read: boolean;
  /** Optimistic copies of messages being sent, or sent but not listed yet. */
  drafts: ChatMessage[];
  agentDraft: StreamedDraft | null;
  stream: StreamStatus;
  accepted: ReadonlySet<string>;
  pageState: PageState;
  /** Send is busy: from the send until it is stored, or until the agent it waits for answered. */
  sending: boolean;
  /** While waiting for the agent: the last listed id before the wait and the reads since. */
  wait: { baselineId: string | null; polls: number } | null;
  /** How the last wait ended, numbered so that the page reacts to each ending once. */
  waitEnded: { outcome: 'replied' | 'timed_out'; count: number } | null;
  /**
   * Messages from others the stream brought since the list was last read: the server marks a
   * conversation read when its list is read, so the open thread reads it again to stay read.
   */
  unreadStreamed: number;
  /** Preview URLs of sent files whose messages are listed now: the page releases them. */
  releasable: string[];
}

export type ConversationAction =
  /** The conversation followed changed (a first send created it, or another was opened). */
  | { type: 'opened'; conversationId: string | null }
  /** The server's list of the conversation (a poll's answer, or the expert task's read). */
  | { type: 'listed'; conversationId: string; messages: readonly Message[] }
  /** A read of the list failed; while waiting for the agent it still counts as one poll. */
  | { type: 'listFailed'; conversationId: string }
  | { type: 'streamed'; conversationId: string; message: Message }
  | { type: 'drafted'; conversationId: string; draft: MessageDraft; now: string }
  | { type: 'streamStatus'; conversationId: string; status: 'open' | 'down' | 'closed' }
  /** The person sends `message` (an optimistic copy); `awaitAgent` false after acceptance (humans answer). */
  | { type: 'sending'; message: ChatMessage; awaitAgent: boolean }
  | { type: 'sent'; localId: string; id: string; conversationId: string }
  | { type: 'sendFailed'; localId: string }
  /** After "Let's modify it": the agent will ask what to change. */
  | { type: 'waitForAgent' }
  /** The conversation is gone or not ours any more: nothing is waited for. */
  | { type: 'stopWaiting' }
  | { type: 'accepted'; messageId: string }
  /** New chat: nothing of the old conversation stays. */
  | { type: 'reset' };

/** The state of a conversation nothing was read of yet. */
export function initialConversationState(conversationId: string | null): ConversationState {
  return {
    conversationId,
    listed: [],
    read: false,
    drafts: [],
    agentDraft: null,
    stream: 'connecting',
    accepted: new Set(),
    pageState: 'idle',
    sending: false,
    wait: null,
    waitEnded: null,
    unreadStreamed: 0,
    releasable: [],
  };
}

/** `current` with `incoming` merged in by id (incoming wins), oldest first. */
function merge(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

/** The drafts the server does not list yet; the previews of the listed ones become releasable. */
function withListed(state: ConversationState, listed: ChatMessage[]): ConversationState {
  const known = new Set(listed.map((m) => m.id));
  const done = state.drafts.filter((m) => known.has(m.id));
  if (done.length === 0) return { ...state, listed };
  const previews = done.flatMap((m) => m.attachments.map((a) => a.url)).filter((url) => url.startsWith('blob:'));
  return { ...state, listed, drafts: state.drafts.filter((m) => !known.has(m.id)), releasable: previews };
}

/** The wait ends: Send is free again and the page learns how. */
function endWait(state: ConversationState, outcome: 'replied' | 'timed_out' | null): ConversationState {
  const waitEnded = outcome ? { outcome, count: (state.waitEnded?.count ?? 0) + 1 } : state.waitEnded;
  return { ...state, wait: null, sending: false, pageState: 'idle', waitEnded };
}

/** One more read while waiting: did the agent answer, or has the wait run out? */
function countPoll(state: ConversationState): ConversationState {
  if (!state.wait) return state;
  const polls = state.wait.polls + 1;
  const outcome = agentWaitOutcome(state.listed, state.wait.baselineId, polls);
  return outcome === 'waiting' ? { ...state, wait: { ...state.wait, polls } } : endWait(state, outcome);
}

function drafted(state: ConversationState, draft: MessageDraft, now: string): ConversationState {
  if (draft.content === '') return { ...state, agentDraft: null };
  const sameTurn = state.agentDraft?.reply_to === draft.reply_to;
  return {
    ...state,
    agentDraft: {
      ...draft,
      conversationId: state.conversationId,
      startedAt: sameTurn && state.agentDraft ? state.agentDraft.startedAt : now,
    },
  };
}

function streamed(state: ConversationState, message: Message): ConversationState {
  const incoming = fromServerMessage(message);
  const isNew = !state.listed.some((m) => m.id === incoming.id);
  const next = withListed(state, merge(state.listed, [incoming]));
  const fromOthers = isNew && incoming.senderType !== 'user';
  const withDraft = {
    ...next,
    unreadStreamed: next.unreadStreamed + (fromOthers ? 1 : 0),
    // The agent's message replaces its draft.
    agentDraft: isNew && incoming.senderType === 'agent' ? null : next.agentDraft,
  };
  // The agent answered through the stream: no need to wait for the next poll to say so.
  const replied = withDraft.wait && agentWaitOutcome(withDraft.listed, withDraft.wait.baselineId, 0) === 'replied';
  return replied ? endWait(withDraft, 'replied') : withDraft;
}

/** Actions from a source that follows one conversation: ignored when it is not the one followed. */
const ABOUT_THE_CONVERSATION: ReadonlySet<ConversationAction['type']> = new Set([
  'listed',
  'listFailed',
  'streamed',
  'drafted',
  'streamStatus',
]);

/**
 * The chat's state machine (docs/product.md "Entities" "Page state", "Polling", "Message sending"):
 * pure, so each source's effect on what is shown is tested on its own. Actions about another
 * conversation than the one followed (a late answer after New chat or a switch) change nothing.
 */
export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  if (ABOUT_THE_CONVERSATION.has(action.type) && 'conversationId' in action && action.conversationId !== state.conversationId) return state;
  switch (action.type) {
    case 'opened':
      if (action.conversationId === state.conversationId) return state;
      // The drafts and the wait go along: a first send is what created the conversation.
      return {
        ...initialConversationState(action.conversationId),
        drafts: state.drafts,
        wait: state.wait,
        sending: state.sending,
        pageState: state.pageState,
        accepted: state.accepted,
      };
    case 'listed':
      return countPoll({
        ...withListed(state, merge(state.listed, action.messages.map(fromServerMessage))),
        read: true,
        unreadStreamed: 0,
      });
    case 'listFailed':
      return countPoll(state);
    case 'streamed':
      return streamed(state, action.message);
    case 'drafted':
      return drafted(state, action.draft, action.now);
    case 'streamStatus':
      // A draft never outlives the stream that brought it.
      if (action.status === 'open') return { ...state, stream: 'open' };
      return { ...state, stream: action.status === 'down' ? 'reconnecting' : 'closed', agentDraft: null };
    case 'sending': {
      const waiting = action.awaitAgent ? { baselineId: state.listed.at(-1)?.id ?? null, polls: 0 } : null;
      return {
        ...state,
        drafts: [...state.drafts, action.message],
        sending: true,
        wait: waiting ?? state.wait,
        pageState: waiting ? 'agent_thinking' : state.pageState,
      };
    }
    case 'sent': {
      if (!state.drafts.some((m) => m.id === action.localId)) return state;
      const drafts = state.drafts.map((m) =>
        m.id === action.localId ? { ...m, id: action.id, conversationId: action.conversationId } : m,
      );
      // Listed already (the stream can be faster than the answer): the copy goes.
      const next = withListed({ ...state, drafts }, state.listed);
      return next.wait ? next : { ...next, sending: false };
    }
    case 'sendFailed':
      if (!state.drafts.some((m) => m.id === action.localId)) return state;
      return endWait({ ...state, drafts: state.drafts.filter((m) => m.id !== action.localId) }, null);
    case 'waitForAgent':
      return { ...state, wait: { baselineId: state.listed.at(-1)?.id ?? null, polls: 0 }, pageState: 'waiting_for_agent' };
    case 'stopWaiting':
      return endWait(state, null);
    case 'accepted':
      return { ...state, accepted: new Set(state.accepted).add(action.messageId) };
    case 'reset':
      return initialConversationState(null);
  }
}

/** What the conversation shows: the server's messages (accepted proposals marked) and then the drafts. */
export function shownMessages(state: ConversationState): ChatMessage[] {
  const listed = state.listed.map((m) =>
    state.accepted.has(m.id) ? { ...m, metadata: { ...m.metadata, proposal_status: 'accepted' as const } } : m,
  );
  return [...listed, ...state.drafts];
}

/** The agent's draft, unless a message answering the same one is listed by now. */
export function shownDraft(state: ConversationState): StreamedDraft | null {
  const draft = state.agentDraft;
  if (!draft) return null;
  const answered = state.listed.some((m) => m.senderType === 'agent' && draft.reply_to !== null && m.replyToMessageId === draft.reply_to);
  return answered ? null : draft;
}
