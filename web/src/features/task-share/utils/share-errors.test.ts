import { describe, expect, it } from 'vitest';
import { SHARE_ERROR_TEXT } from '@unstuck/contract';
import { shareFailureFor, sharedSenderLabel } from './share-errors.ts';

describe('shareFailureFor', () => {
  it('gives the spec texts for 404, 410 and 403, with the access form only for expired and inactive links', () => {
    expect(shareFailureFor(404, 'Not Found')).toEqual({ message: SHARE_ERROR_TEXT.notFound, canRequestAccess: false });
    expect(shareFailureFor(410, 'Gone')).toEqual({
      message: 'This share link has expired. You can request access below.',
      canRequestAccess: true,
    });
    expect(shareFailureFor(403, 'Forbidden')).toEqual({ message: 'This share link is no longer active.', canRequestAccess: true });
  });

  it('names the status text of any other failure', () => {
    expect(shareFailureFor(500, 'Internal Server Error')).toEqual({
      message: 'Failed to fetch shared task: Internal Server Error',
      canRequestAccess: false,
    });
    expect(shareFailureFor(429, '').message).toBe('Failed to fetch shared task: 429');
  });
});

describe('sharedSenderLabel', () => {
  it('shows agents by the AI name, guests and users as "User", experts as "Expert"', () => {
    expect(sharedSenderLabel('agent-1', 'agent', 'Unstuck AI')).toBe('Unstuck AI');
    expect(sharedSenderLabel('guest-abc123', 'user', 'Unstuck AI')).toBe('User');
    expect(sharedSenderLabel('user', 'user', 'Unstuck AI')).toBe('User');
    expect(sharedSenderLabel('expert', 'expert', 'Unstuck AI')).toBe('Expert');
  });
});
