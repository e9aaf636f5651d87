import { describe, expect, it } from 'vitest';
import { replySnippet } from './reply-snippet.ts';

describe('replySnippet', () => {
  it('keeps a short message whole', () => {
    expect(replySnippet('My build fails')).toBe('My build fails');
  });

  it('keeps exactly 50 characters without an ellipsis', () => {
    const fifty = 'x'.repeat(50);
    expect(replySnippet(fifty)).toBe(fifty);
  });

  it('cuts a longer message to its first 50 characters and marks the cut', () => {
    const message = 'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router';
    expect(replySnippet(message)).toBe('My Next.js app on Vercel returns 500 on every API...');
    expect(replySnippet(message).length).toBeLessThanOrEqual(53);
  });

  it('collapses line breaks and runs of spaces', () => {
    expect(replySnippet('first line\n\n  second   line')).toBe('first line second line');
  });

  it('never splits an emoji', () => {
    expect(replySnippet(`${'a'.repeat(49)}🚀🚀`)).toBe(`${'a'.repeat(49)}🚀...`);
  });
});
