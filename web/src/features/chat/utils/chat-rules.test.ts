import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import type { ChatMessage } from '../types.ts';
import { agentWaitOutcome, CHAT_TEXTS, describeSendFailure, pickSendableFiles } from './chat-rules.ts';

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
    });
  });

  it('asks a guest whose session went to an account to sign in, as at the limit', () => {
    const failure = describeSendFailure(
      new ApiError(401, 'Unauthorized', 'Authentication required', { code: 'guest_session_handed_over' }),
    );
    expect(failure).toEqual({ message: CHAT_TEXTS.guestLimit, promptSignIn: true, limitReached: false });
  });

  it('passes on why a sign-in is no longer accepted and shows the sign-in card', () => {
    const failure = describeSendFailure(new ApiError(401, 'Unauthorized', 'Invalid or expired token', { code: 'unauthenticated' }));
    expect(failure).toEqual({ message: 'Invalid or expired token', promptSignIn: true, limitReached: false });
  });

  it('tells a signed-in user about the 10-message limit on conversation_limit_reached', () => {
    expect(describeSendFailure(new ApiError(403, 'Forbidden', 'limit', { code: 'conversation_limit_reached' }))).toEqual({
      message: 'You have reached the 10 message limit for this session. Please start a new conversation.',
      promptSignIn: false,
      limitReached: true,
    });
  });

  it('does not take another 403 for the message limit', () => {
    expect(describeSendFailure(new ApiError(403, 'Forbidden', 'Host not allowed', { code: 'forbidden' }))).toEqual({
      message: CHAT_TEXTS.sendFailed,
      promptSignIn: false,
      limitReached: false,
    });
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

  it('says "Failed to send message. Please try again." for anything else', () => {
    expect(describeSendFailure(new NetworkError(new TypeError('fetch failed'))).message).toBe(CHAT_TEXTS.sendFailed);
    expect(
      describeSendFailure(new ApiError(500, 'Internal Server Error', 'Internal server error', { code: 'internal_error' })).message,
    ).toBe('Failed to send message. Please try again.');
    expect(describeSendFailure(new ApiError(502, 'Bad Gateway', null)).message).toBe(CHAT_TEXTS.sendFailed);
    expect(describeSendFailure(new ApiError(404, 'Not Found', 'Conversation not found', { code: 'not_found' })).message).toBe(
      CHAT_TEXTS.sendFailed,
    );
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

describe('pickSendableFiles', () => {
  const file = (name: string, size: number) => ({ file: { name, size } });

  it('sends up to 5 files of at most 10 MB and names each skipped one with spec §8 text', () => {
    const files = [file('big.zip', 10 * 1024 * 1024 + 1), ...Array.from({ length: 6 }, (_, i) => file(`f${i}.png`, 10 * 1024 * 1024))];
    const { send, failures } = pickSendableFiles(files);
    expect(send.map((f) => f.file.name)).toEqual(['f0.png', 'f1.png', 'f2.png', 'f3.png', 'f4.png']);
    expect(failures).toEqual([
      'Failed to upload file: big.zip - larger than the 10 MB limit for one file',
      'Failed to upload file: f5.png - at most 5 files per message',
    ]);
  });
});
