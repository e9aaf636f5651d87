import { describe, expect, it } from 'vitest';
import { HOURS_TABLE, estimateWork, formatMoney } from '../../../src/modules/agent/intake/estimate.ts';
import { extractFacts } from '../../../src/modules/agent/intake/facts.ts';
import type { RequestType } from '../../../src/modules/agent/intake/types.ts';
import { RATES } from './helpers.ts';

const NO_CHANGE = { addedItems: 0, removedItems: 0, scale: 1, fitToBudget: false };

describe('estimate', () => {
  it.each([
    ['My login form throws a TypeError when I submit', 'bug-fix', 2, 8],
    ['Add a dark mode toggle to my React settings page', 'new-feature', 8, 30],
    ['Build an MVP of a marketplace for dog walkers with payments, sign-in and an admin dashboard', 'new-app', 40, 160],
  ] as const)('keeps %j within the %s bounds', (text, type: RequestType, min, max) => {
    const facts = extractFacts([text], []);
    expect(facts.type).toBe(type);
    const estimate = estimateWork(facts, NO_CHANGE, RATES);
    expect(estimate.hoursLow).toBeGreaterThanOrEqual(min);
    expect(estimate.hoursHigh).toBeLessThanOrEqual(max);
    expect(estimate.hoursLow).toBeLessThan(estimate.hoursHigh);
  });

  it('prices the hours at the configured hourly rate', () => {
    const estimate = estimateWork(extractFacts(['Add a CSV export to my Django admin'], []), NO_CHANGE, {
      hourlyRate: 95,
      currency: 'EUR',
    });
    expect(estimate.priceLow).toBe(estimate.hoursLow * 95);
    expect(estimate.priceHigh).toBe(estimate.hoursHigh * 95);
    expect(estimate.currency).toBe('EUR');
  });

  it('grows with the stack, the detail of the description and the attachments', () => {
    const small = estimateWork(extractFacts(['Add a contact form to my site'], []), NO_CHANGE, RATES);
    const large = estimateWork(
      extractFacts(
        [
          'Add a contact form to my Next.js site that stores messages in Supabase, sends a Slack alert and an email through SendGrid, and shows them in a Stripe-style dashboard for the support team with filters by date, status and customer, plus spam protection and tests',
        ],
        ['form-design.png'],
      ),
      NO_CHANGE,
      RATES,
    );
    expect(large.hoursHigh).toBeGreaterThan(small.hoursHigh);
  });

  it('makes revisions smaller or larger but never leaves the type bounds', () => {
    const facts = extractFacts(['Add a dark mode toggle to my React settings page'], []);
    const base = estimateWork(facts, NO_CHANGE, RATES);
    const smaller = estimateWork(facts, { ...NO_CHANGE, scale: 0.5 }, RATES);
    const bigger = estimateWork(facts, { ...NO_CHANGE, addedItems: 10 }, RATES);
    expect(smaller.hoursHigh).toBeLessThan(base.hoursHigh);
    expect(smaller.hoursLow).toBeGreaterThanOrEqual(HOURS_TABLE['new-feature'].min);
    expect(bigger.hoursHigh).toBe(HOURS_TABLE['new-feature'].max);
  });

  it('compares the budget with the range and caps the upper end only when asked to fit it', () => {
    const facts = extractFacts(['Add a dark mode toggle to my React settings page, budget $1,200'], []);
    const shown = estimateWork(facts, NO_CHANGE, RATES);
    expect(shown).toMatchObject({ hoursLow: 8, hoursHigh: 20, budgetFit: 'inside', budgetHours: 15 });
    const fitted = estimateWork(facts, { ...NO_CHANGE, fitToBudget: true }, RATES);
    expect(fitted).toMatchObject({ hoursLow: 8, hoursHigh: 15, priceHigh: 1200, budgetFit: 'capped' });
  });

  it('does not compare a budget in another currency or an hourly rate', () => {
    const euros = extractFacts(['Add a dark mode toggle to my React settings page, budget €300'], []);
    expect(estimateWork(euros, NO_CHANGE, RATES).budgetFit).toBeNull();
    const rate = extractFacts(['Add a dark mode toggle to my React settings page, I pay $40/hour'], []);
    expect(estimateWork(rate, NO_CHANGE, RATES).budgetFit).toBeNull();
  });

  it('formats money for en-US readers without needless decimals', () => {
    expect(formatMoney(1200, 'USD')).toBe('$1,200');
    expect(formatMoney(80.5, 'EUR')).toBe('€80.50');
  });
});
