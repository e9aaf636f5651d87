import { describe, expect, it } from 'vitest';
import { SHARE_ERROR_TEXT } from '@unstuck/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { shareFailureFor, sharedSenderLabel } from './share-errors.ts';

describe('shareFailureFor', () => {
  it('gives the spec texts for not found, expired and revoked links, with the access form only for the last two', () => {
    expect(shareFailureFor(new ApiError(404, 'Not Found', null, { code: 'not_found' }))).toEqual({
      message: SHARE_ERROR_TEXT.notFound,
      canRequestAccess: false,
    });
    expect(shareFailureFor(new ApiError(410, 'Gone', null, { code: 'share_link_expired' }))).toEqual({
      message: 'This share link has expired. You can request access below.',
      canRequestAccess: true,
    });
    expect(shareFailureFor(new ApiError(403, 'Forbidden', null, { code: 'share_link_revoked' }))).toEqual({
      message: 'This share link is no longer active.',
      canRequestAccess: true,
    });
  });

  it('names the status text of any other failure', () => {
    expect(shareFailureFor(new ApiError(500, 'Internal Server Error', null, { code: 'internal_error' }))).toEqual({
      message: 'Failed to fetch shared task: Internal Server Error',
      canRequestAccess: false,
    });
    expect(shareFailureFor(new ApiError(429, '', null, { code: 'rate_limited' })).message).toBe('Failed to fetch shared task: 429');
    expect(shareFailureFor(new ApiError(403, 'Forbidden', null)).message).toBe('Failed to fetch shared task: Forbidden');
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
