import { describe, expect, it } from 'vitest';
import { hoursRange, priceRange } from '../../../lib/estimate.ts';
import { proposalParts, typographicQuotes } from './proposal-parts.ts';

const PROPOSAL = [
  "**Proposal: Fix the 'Connection pool exhausted' error**",
  '',
  'Summary: A bug fix in a Spring Boot service. You wrote: “Our Spring Boot service on Azure throws errors under load.” Deadline: Friday.',
  '',
  'Below are the scope, the plan, the next steps and the estimate.',
  '',
  '### Scope',
  '- Reproduce the error',
  '',
  '### Plan',
  '1. Read the logs',
  '',
  '### Estimate',
  '- Effort: 8–24 hours',
].join('\n');

describe('proposalParts', () => {
  it('takes the title with typographic quotes, the summary without the request quoted back, and the sections', () => {
    const parts = proposalParts(PROPOSAL);
    expect(parts.label).toBe('Proposal');
    expect(parts.title).toBe('Fix the ‘Connection pool exhausted’ error');
    expect(parts.summary).toBe(
      'Summary: A bug fix in a Spring Boot service. Deadline: Friday.\n\nBelow are the scope, the plan, the next steps and the estimate.',
    );
    expect(parts.sections.map((s) => s.heading)).toEqual(['Scope', 'Plan', 'Estimate']);
    expect(parts.sections[0]?.body).toBe('- Reproduce the error');
  });

  it('reads a revised proposal, and keeps text of another shape whole', () => {
    expect(proposalParts('**Revised proposal (version 2): Add login**\n\n### Scope\n- a').label).toBe('Revised proposal (version 2)');
    expect(proposalParts('Here is my plan and estimate: 3 hours.')).toEqual({
      label: 'Proposal',
      title: null,
      summary: 'Here is my plan and estimate: 3 hours.',
      sections: [],
    });
  });
});

describe('typographicQuotes, priceRange and hoursRange', () => {
  it('turns straight quotes into typographic ones, apostrophes included', () => {
    expect(typographicQuotes(`Fix "login" on Bob's 'admin' page`)).toBe('Fix “login” on Bob’s ‘admin’ page');
  });

  it('formats the estimate as a price range and hours', () => {
    const estimate = { hoursLow: 4, hoursHigh: 12, priceLow: 380, priceHigh: 1140, currency: 'USD' };
    expect(priceRange(estimate)).toBe('$380–$1,140');
    expect(hoursRange(estimate)).toBe('4–12 hours');
    expect(priceRange({ ...estimate, priceHigh: 380 })).toBe('$380');
  });
});
