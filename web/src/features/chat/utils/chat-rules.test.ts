import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import type { ChatMessage } from '../types.ts';
import { agentWaitOutcome, CHAT_TEXTS, describeSendFailure } from './chat-rules.ts';

const message = (id: string, senderType: 'agent' | 'user'): ChatMessage => ({
  id,
  content: '',
  senderId: senderType === 'agent' ? 'agent-1' : 'guest-abcdef',
  senderType,
  senderName: null,
  conversationId: 'c1',
  timestamp: '2026-01-01T00:00:00Z',
  moderationStatus: 'approved',
  attachments: [],
  metadata: {},
  replyToMessageId: null,
});

describe('describeSendFailure', () => {
  it('tells a guest about the 2-message limit on guest_limit_reached and shows the sign-in card', () => {
    const failure = describeSendFailure(new ApiError(401, 'Unauthorized', 'Authentication required', { code: 'guest_limit_reached' }));
    expect(failure).toEqual({
      message: "You've reached the 2-message limit for guest users. Please sign in to continue.",
      promptSignIn: true,
      limitReached: false,
      canRetry: false,
    });
  });

  it('asks a guest whose session went to an account to sign in, as at the limit', () => {
    const failure = describeSendFailure(
      new ApiError(401, 'Unauthorized', 'Authentication required', { code: 'guest_session_handed_over' }),
    );
    expect(failure).toEqual({ message: CHAT_TEXTS.guestLimit, promptSignIn: true, limitReached: false, canRetry: false });
  });

  it('passes on why a sign-in is no longer accepted and shows the sign-in card', () => {
    const failure = describeSendFailure(new ApiError(401, 'Unauthorized', 'Invalid or expired token', { code: 'unauthenticated' }));
    expect(failure).toEqual({ message: 'Invalid or expired token', promptSignIn: true, limitReached: false, canRetry: false });
  });

  it('tells a signed-in user about the 10-message limit on conversation_limit_reached', () => {
    expect(describeSendFailure(new ApiError(403, 'Forbidden', 'limit', { code: 'conversation_limit_reached' }))).toEqual({
      message: 'You have reached the 10 message limit for this session. Please start a new conversation.',
      promptSignIn: false,
      limitReached: true,
      canRetry: false,
    });
  });

  it("does not take another 403 for the message limit: the server's reason shows as given", () => {
    expect(describeSendFailure(new ApiError(403, 'Forbidden', 'Host not allowed', { code: 'forbidden' }))).toEqual({
      message: 'Host not allowed',
      promptSignIn: false,
      limitReached: false,
      canRetry: false,
    });
  });

  it('offers sign-in with the wait when the network used its new guest sessions', () => {
    const failure = describeSendFailure(
      new ApiError(429, 'Too Many Requests', 'Too many new guest sessions', {
        code: 'guest_session_allowance_used',
        retryAfterSeconds: 3600,
      }),
    );
    expect(failure).toEqual({
      message: 'Too many guest chats were started from your network this hour. Sign in to keep going now, or try again in 60 minutes.',
      promptSignIn: true,
      limitReached: false,
      canRetry: false,
    });
  });

  it('names the time from Retry-After when the network used its messages, without offering sign-in', () => {
    const failure = describeSendFailure(
      new ApiError(429, 'Too Many Requests', 'Too many messages', { code: 'message_allowance_used', retryAfterSeconds: 754 }),
    );
    expect(failure).toMatchObject({ promptSignIn: false, canRetry: false });
    expect(failure.message).toBe(
      'Too many messages were sent from your network this hour. Your message is kept: please send it again in 13 minutes.',
    );
    const noTime = describeSendFailure(new ApiError(429, '', null, { code: 'upload_allowance_used' }));
    expect(noTime.message).toBe(
      'Too many files were uploaded from your network this hour. Send your message without files, or try again later.',
    );
  });

  it('says a gone conversation needs a new chat', () => {
    expect(describeSendFailure(new ApiError(404, 'Not Found', 'Conversation not found', { code: 'not_found' })).message).toBe(
      CHAT_TEXTS.conversationGone,
    );
  });

  it("passes on the server's reason for a file that is too big or an archive it refuses", () => {
    const tooBig = new ApiError(413, 'Payload Too Large', '"a.bin" is larger than the 10 MB limit for one file', {
      code: 'file_too_large',
    });
    expect(describeSendFailure(tooBig).message).toBe('"a.bin" is larger than the 10 MB limit for one file');
    const bomb = new ApiError(422, 'Unprocessable Entity', 'The archive unpacks to more than 50 MB, the most accepted', {
      code: 'archive_refused',
    });
    expect(describeSendFailure(bomb).message).toBe('The archive unpacks to more than 50 MB, the most accepted');
  });

  it('says "Failed to send message. Please try again." for failures nobody explained, and offers Retry', () => {
    expect(describeSendFailure(new NetworkError(new TypeError('fetch failed')))).toMatchObject({
      message: CHAT_TEXTS.sendFailed,
      canRetry: true,
    });
    expect(
      describeSendFailure(new ApiError(500, 'Internal Server Error', 'Internal server error', { code: 'internal_error' })).message,
    ).toBe('Failed to send message. Please try again.');
    expect(describeSendFailure(new ApiError(502, 'Bad Gateway', null)).message).toBe(CHAT_TEXTS.sendFailed);
  });
});

describe('agentWaitOutcome', () => {
  it('sees a reply when the last message is a new agent message', () => {
    expect(agentWaitOutcome([message('q1', 'agent'), message('u2', 'user'), message('a2', 'agent')], 'q1', 3)).toBe('replied');
  });

  it('keeps waiting while the last message is the user\u2019s own', () => {
    expect(agentWaitOutcome([message('q1', 'agent'), message('u2', 'user')], 'q1', 3)).toBe('waiting');
  });

  it('does not mistake the agent message that was already last for a reply (after "modify")', () => {
    expect(agentWaitOutcome([message('p1', 'agent')], 'p1', 1)).toBe('waiting');
  });

  it('gives up after 30 polls without a reply', () => {
    expect(agentWaitOutcome([message('u1', 'user')], null, 29)).toBe('waiting');
    expect(agentWaitOutcome([message('u1', 'user')], null, 30)).toBe('timed_out');
  });
});
