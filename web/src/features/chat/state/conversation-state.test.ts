import type { Message, SenderRole } from '@unstuck/contract';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../types.ts';
import { MAX_AGENT_POLLS } from '../utils/chat-rules.ts';
import {
  conversationReducer,
  initialConversationState,
  shownDraft,
  shownMessages,
  type ConversationAction,
  type ConversationState,
} from './conversation-state.ts';

const C = 'conversation-1';
let clock = 0;

/** A stored message, each one a second after the one made before it. */
function message(id: string, role: SenderRole, extra: Partial<Message> = {}): Message {
  clock += 1;
  return {
    id,
    conversation_id: C,
    sender_id: role === 'user' ? 'user-1' : role,
    recipient_id: 'agent-1',
    sender_role: role,
    sender_name: null,
    content: `${role} says ${id}`,
    type: 'direct',
    read: false,
    moderationStatus: 'approved',
    created_at: new Date(Date.UTC(2026, 10, 28, 12, 0, clock)).toISOString(),
    attachments: [],
    metadata: {},
    reply_to_message_id: null,
    ...extra,
  };
}

/** The optimistic copy the composer makes of a message being sent. */
function local(id: string, preview: string | null = null): ChatMessage {
  return {
    id,
    content: 'Help, my build fails',
    senderId: 'user',
    senderType: 'user',
    senderName: null,
    conversationId: C,
    timestamp: new Date(Date.UTC(2026, 10, 28, 13)).toISOString(),
    moderationStatus: 'pending',
    attachments: preview ? [{ url: preview, name: 'shot.png', contentType: 'image/png', size: 10 }] : [],
    metadata: {},
    replyToMessageId: null,
  };
}

const run = (actions: ConversationAction[], state: ConversationState = initialConversationState(C)) =>
  actions.reduce(conversationReducer, state);
const ids = (state: ConversationState) => shownMessages(state).map((m) => m.id);

describe('conversationReducer: the sources merge into one list', () => {
  it('merges polls and stream events by id, the later version winning, oldest first', () => {
    const first = message('m1', 'user');
    const answer = message('m2', 'agent', { metadata: { proposal_status: 'pending' } });
    const state = run([
      { type: 'streamed', conversationId: C, message: answer },
      { type: 'listed', conversationId: C, messages: [first] },
      { type: 'streamed', conversationId: C, message: { ...answer, metadata: { proposal_status: 'accepted' } } },
    ]);
    expect(ids(state)).toEqual(['m1', 'm2']);
    expect(shownMessages(state)[1]?.metadata.proposal_status).toBe('accepted');
    expect(state.read).toBe(true);
  });

  it('ignores a late answer about another conversation than the one followed', () => {
    const state = run([
      { type: 'opened', conversationId: 'other' },
      { type: 'listed', conversationId: C, messages: [message('m1', 'user')] },
    ]);
    expect(ids(state)).toEqual([]);
    expect(state.conversationId).toBe('other');
  });

  it('marks a proposal accepted here before the server lists it so', () => {
    const state = run([
      { type: 'listed', conversationId: C, messages: [message('p1', 'agent', { metadata: { proposal_status: 'pending' } })] },
      { type: 'accepted', messageId: 'p1' },
    ]);
    expect(shownMessages(state)[0]?.metadata.proposal_status).toBe('accepted');
  });
});

describe('conversationReducer: drafts (optimistic sends)', () => {
  it('shows the sent message at once, renames it when stored and drops the copy once listed, releasing its preview', () => {
    let state = run([
      { type: 'listed', conversationId: C, messages: [message('m1', 'agent')] },
      { type: 'sending', message: local('local-1', 'blob:preview'), awaitAgent: true },
    ]);
    expect(ids(state)).toEqual(['m1', 'local-1']);
    expect(state.sending).toBe(true);
    expect(state.pageState).toBe('agent_thinking');

    state = run([{ type: 'sent', localId: 'local-1', id: 'm2', conversationId: C }], state);
    expect(ids(state)).toEqual(['m1', 'm2']);
    expect(state.sending).toBe(true);

    state = run([{ type: 'listed', conversationId: C, messages: [message('m1', 'agent'), message('m2', 'user')] }], state);
    expect(state.drafts).toEqual([]);
    expect(ids(state)).toEqual(['m1', 'm2']);
    expect(state.releasable).toEqual(['blob:preview']);
  });

  it('removes a failed send and frees Send, keeping its preview (the files go back to the composer)', () => {
    const state = run([
      { type: 'sending', message: local('local-1', 'blob:preview'), awaitAgent: true },
      { type: 'sendFailed', localId: 'local-1' },
    ]);
    expect(ids(state)).toEqual([]);
    expect(state).toMatchObject({ sending: false, pageState: 'idle', wait: null, releasable: [] });
  });

  it('keeps the draft when the first send creates the conversation', () => {
    const state = run(
      [
        { type: 'sending', message: local('local-1'), awaitAgent: true },
        { type: 'sent', localId: 'local-1', id: 'm1', conversationId: C },
        { type: 'opened', conversationId: C },
      ],
      initialConversationState(null),
    );
    expect(state.conversationId).toBe(C);
    expect(ids(state)).toEqual(['m1']);
    expect(state.pageState).toBe('agent_thinking');
  });

  it('after acceptance waits for nobody: Send is free once the message is stored', () => {
    const state = run([
      { type: 'sending', message: local('local-1'), awaitAgent: false },
      { type: 'sent', localId: 'local-1', id: 'm1', conversationId: C },
    ]);
    expect(state).toMatchObject({ sending: false, pageState: 'idle' });
  });

  it('forgets a send that New chat overtook', () => {
    const state = run([
      { type: 'sending', message: local('local-1'), awaitAgent: true },
      { type: 'reset' },
      { type: 'sent', localId: 'local-1', id: 'm1', conversationId: C },
    ]);
    expect(state).toEqual(initialConversationState(null));
  });
});

describe('conversationReducer: waiting for the agent', () => {
  const waiting = () =>
    run([
      { type: 'listed', conversationId: C, messages: [message('m1', 'user'), message('m2', 'agent')] },
      { type: 'sending', message: local('local-1'), awaitAgent: true },
      { type: 'sent', localId: 'local-1', id: 'm3', conversationId: C },
    ]);

  it("ends as soon as the stream brings the agent's answer, without waiting for a poll", () => {
    const before = waiting();
    const state = run([{ type: 'streamed', conversationId: C, message: message('m4', 'agent') }], before);
    expect(state).toMatchObject({ pageState: 'idle', sending: false, wait: null, waitEnded: { outcome: 'replied', count: 1 } });
  });

  it('ends when a poll lists the answer', () => {
    const answered = [message('m1', 'user'), message('m2', 'agent'), message('m3', 'user'), message('m4', 'agent')];
    const state = run([{ type: 'listed', conversationId: C, messages: answered }], waiting());
    expect(state.waitEnded?.outcome).toBe('replied');
  });

  it('times out after the last allowed poll, failed polls counting too', () => {
    let state = waiting();
    for (let poll = 1; poll < MAX_AGENT_POLLS; poll += 1) {
      state = run([poll % 2 ? { type: 'listFailed', conversationId: C } : { type: 'listed', conversationId: C, messages: [] }], state);
    }
    expect(state.pageState).toBe('agent_thinking');
    state = run([{ type: 'listFailed', conversationId: C }], state);
    expect(state).toMatchObject({ pageState: 'idle', waitEnded: { outcome: 'timed_out', count: 1 } });
  });

  it('after "Let\'s modify it" waits for the next agent message', () => {
    let state = run([{ type: 'listed', conversationId: C, messages: [message('p1', 'agent')] }, { type: 'waitForAgent' }]);
    expect(state.pageState).toBe('waiting_for_agent');
    state = run([{ type: 'listed', conversationId: C, messages: [message('p1', 'agent')] }], state);
    expect(state.pageState).toBe('waiting_for_agent');
    state = run([{ type: 'streamed', conversationId: C, message: message('p2', 'agent') }], state);
    expect(state.pageState).toBe('idle');
  });
});

describe('conversationReducer: the event stream', () => {
  it("shows the agent's draft from its first text, keeps its start time, and drops it for the message", () => {
    const draft = (content: string) => ({ content, reply_to: 'm1' });
    let state = run([
      { type: 'drafted', conversationId: C, draft: draft('Let me'), now: '2026-11-28T12:00:01.000Z' },
      { type: 'drafted', conversationId: C, draft: draft('Let me look'), now: '2026-11-28T12:00:02.000Z' },
    ]);
    expect(shownDraft(state)).toMatchObject({ content: 'Let me look', startedAt: '2026-11-28T12:00:01.000Z', conversationId: C });
    state = run([{ type: 'streamed', conversationId: C, message: message('m2', 'agent', { reply_to_message_id: 'm1' }) }], state);
    expect(shownDraft(state)).toBeNull();
  });

  it('hides a draft whose answer a poll listed, and drops an empty draft (a failed attempt)', () => {
    const drafting: ConversationAction = { type: 'drafted', conversationId: C, draft: { content: 'Let me', reply_to: 'm1' }, now: 'now' };
    const listed = run([
      drafting,
      { type: 'listed', conversationId: C, messages: [message('m2', 'agent', { reply_to_message_id: 'm1' })] },
    ]);
    expect(shownDraft(listed)).toBeNull();
    expect(shownDraft(run([drafting, { ...drafting, draft: { content: '', reply_to: 'm1' } }]))).toBeNull();
  });

  it('says reconnecting while down, drops the draft with the stream, and is open again on recovery', () => {
    let state = run([
      { type: 'streamStatus', conversationId: C, status: 'open' },
      { type: 'drafted', conversationId: C, draft: { content: 'Let me', reply_to: 'm1' }, now: 'now' },
      { type: 'streamStatus', conversationId: C, status: 'down' },
    ]);
    expect(state.stream).toBe('reconnecting');
    expect(shownDraft(state)).toBeNull();
    state = run([{ type: 'streamStatus', conversationId: C, status: 'open' }], state);
    expect(state.stream).toBe('open');
    expect(run([{ type: 'streamStatus', conversationId: C, status: 'closed' }], state).stream).toBe('closed');
  });

  it('counts what others wrote through the stream until the list is read again (which marks it read)', () => {
    const expert = message('m2', 'expert');
    let state = run([
      { type: 'streamed', conversationId: C, message: message('m1', 'user') },
      { type: 'streamed', conversationId: C, message: expert },
      { type: 'streamed', conversationId: C, message: message('m3', 'system') },
    ]);
    expect(state.unreadStreamed).toBe(2);
    // A changed message is not a new one.
    state = run([{ type: 'streamed', conversationId: C, message: { ...expert, content: 'Edited' } }], state);
    expect(state.unreadStreamed).toBe(2);
    state = run([{ type: 'listed', conversationId: C, messages: [] }], state);
    expect(state.unreadStreamed).toBe(0);
  });
});
