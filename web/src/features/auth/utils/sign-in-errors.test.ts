import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { problemFromCode, problemFromError, signInErrorText } from './sign-in-errors.ts';

describe('signInErrorText', () => {
  it('gives the spec text for each code the server sends', () => {
    expect(signInErrorText({ code: 'network' })).toBe('Network error. Please check your connection and try again.');
    expect(signInErrorText({ code: 'too-many-requests' })).toBe('Too many sign-in attempts. Please wait a moment and try again.');
    expect(signInErrorText({ code: 'configuration' })).toBe('Authentication configuration error. Please contact support.');
    expect(signInErrorText({ code: 'unauthorized-domain' })).toBe('This domain is not authorized for sign-in. Please contact support.');
    expect(signInErrorText({ code: 'operation-not-allowed' })).toBe('Google sign-in is not enabled. Please contact support.');
    expect(signInErrorText({ code: 'internal' })).toBe('Authentication service error...');
  });

  it('says a blocked popup was blocked', () => {
    expect(signInErrorText({ code: 'popup-blocked' })).toBe(
      'Popup was blocked by your browser. Please disable popup blockers for this site and try again.',
    );
  });

  it('stays silent when the visitor cancelled', () => {
    expect(signInErrorText({ code: 'cancelled' })).toBeNull();
  });

  it('names the message and the code of any other failure', () => {
    expect(signInErrorText({ code: 'other', message: 'Code expired', rawCode: '401' })).toBe('Sign-in failed: Code expired (401)');
    expect(signInErrorText({ code: 'other' })).toBe('Sign-in failed: the sign-in did not complete (other)');
  });
});

describe('problemFromCode', () => {
  it('keeps a known code and turns an unknown or missing one into other', () => {
    expect(problemFromCode('too-many-requests')).toEqual({ code: 'too-many-requests' });
    expect(problemFromCode('weird')).toEqual({ code: 'other', rawCode: 'weird' });
    expect(problemFromCode(null)).toEqual({ code: 'other', rawCode: undefined });
  });
});

describe('problemFromError', () => {
  it('classifies failed calls: no answer, rate_limited, 5xx and anything else with its status', () => {
    expect(problemFromError(new NetworkError(new TypeError('Failed to fetch')))).toEqual({ code: 'network' });
    expect(problemFromError(new ApiError(429, 'Too Many Requests', 'slow down', { code: 'rate_limited' }))).toEqual({
      code: 'too-many-requests',
    });
    expect(problemFromError(new ApiError(503, 'Service Unavailable', null))).toEqual({ code: 'internal' });
    expect(problemFromError(new ApiError(401, 'Unauthorized', 'This sign-in code is invalid'))).toEqual({
      code: 'other',
      message: 'This sign-in code is invalid',
      rawCode: '401',
    });
  });
});
