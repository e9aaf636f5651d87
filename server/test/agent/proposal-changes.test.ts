import type { WorkEstimate } from '@unstuck/contract';
import { describe, expect, it } from 'vitest';
import { proposalChanges, scopeLines } from '../../src/modules/agent/proposal-changes.ts';

const estimate = (hoursLow: number, hoursHigh: number): WorkEstimate => ({
  hoursLow,
  hoursHigh,
  priceLow: hoursLow * 95,
  priceHigh: hoursHigh * 95,
  currency: 'USD',
});

describe('scopeLines', () => {
  it("reads the list under agent-1's ### Scope, an LLM's ## Scope or a bold Scope line, up to the next heading", () => {
    expect(scopeLines('**Proposal: X**\n\n### Scope\n- Fix the API routes\n- Add tests\n\n### Plan\n1. Reproduce')).toEqual([
      'Fix the API routes',
      'Add tests',
    ]);
    expect(scopeLines('Intro\n## Scope\n* One\n  * Two\ntext\n## Estimate\n- 8–12 hours')).toEqual(['One', 'Two']);
    expect(scopeLines('**Scope:**\n1. One\n**Plan**\n- Not scope')).toEqual(['One']);
    expect(scopeLines('Here is my estimate: 12 hours.')).toEqual([]);
  });
});

describe('proposalChanges', () => {
  const v1 = {
    content: '### Scope\n- Fix the API routes\n- Email notifications',
    metadata: { intake: { request_type: 'bug_fix' as const, stack: [], ai_tools: [], estimate: estimate(8, 12) } },
  };

  it('lists scope lines added and removed (case and spaces aside) and the estimate before → after', () => {
    const v2 = {
      content: '### Scope\n- fix the API routes \n- Admin dashboard',
      metadata: { intake: { ...v1.metadata.intake, estimate: estimate(10, 16) } },
    };
    expect(proposalChanges(v1, v2)).toEqual({
      scope_added: ['Admin dashboard'],
      scope_removed: ['Email notifications'],
      estimate: { before: estimate(8, 12), after: estimate(10, 16) },
    });
  });

  it('gives no estimate change when the estimates are equal, and keeps a one-sided estimate', () => {
    expect(proposalChanges(v1, v1)).toEqual({ scope_added: [], scope_removed: [], estimate: null });
    expect(proposalChanges(v1, { content: v1.content, metadata: {} }).estimate).toEqual({ before: estimate(8, 12), after: null });
  });
});
