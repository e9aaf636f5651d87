import { describe, expect, it } from 'vitest';
import { isProposal } from './proposal.ts';

describe('isProposal', () => {
  it("follows the agent's own kind when it is given", () => {
    expect(isProposal('Could you share more details?', { kind: 'proposal' })).toBe(true);
    expect(isProposal('Estimate: 4 hours. Scope: the fix.', { kind: 'question' })).toBe(false);
  });

  it.each([
    'Here is my estimate: 6 to 10 hours.',
    'Quote: $600 to $1,000 for the fix.',
    'The plan: reproduce, fix the route handlers, deploy.',
    'Next steps: accept this and an expert will start.',
    'Scope: migrate the three API routes to route handlers.',
  ])('without a kind, treats "%s" as a proposal', (text) => {
    expect(isProposal(text, {})).toBe(true);
  });

  it.each([
    'Could you share more details about the error?',
    'To prepare an estimate I need more information: which Node version?',
    'Can you provide the logs so I can scope this?',
    'Thanks! What framework are you using?',
    'Thanks for the explanation.',
  ])('without a kind, does not treat "%s" as a proposal', (text) => {
    expect(isProposal(text, {})).toBe(false);
  });
});
