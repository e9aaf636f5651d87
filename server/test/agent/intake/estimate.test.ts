import { describe, expect, it } from 'vitest';
import { HOURS_TABLE, estimateWork, formatMoney } from '../../../src/modules/agent/intake/estimate.ts';
import { extractFacts } from '../../../src/modules/agent/intake/facts.ts';
import { RATES } from './helpers.ts';

const NO_CHANGE = { addedItems: 0, removedItems: 0, scale: 1, fitToBudget: false };
const hoursOf = (...messages: string[]) => estimateWork(extractFacts(messages, []), NO_CHANGE, RATES);

describe('estimate', () => {
  it('sizes a request by its type: a bug in hours, an upgrade or a new product in weeks', () => {
    const bug = hoursOf('My login form throws a TypeError when I submit');
    const feature = hoursOf('Add CSV export to the reports page of my Django app');
    const app = hoursOf('Build an MVP of a marketplace for dog walkers with payments and sign-in');
    expect(bug.hoursHigh).toBeLessThanOrEqual(16);
    expect(feature.hoursLow).toBeGreaterThan(bug.hoursLow);
    expect(app.hoursLow).toBeGreaterThan(feature.hoursHigh);
  });

  it('sizes a new build by what is built: a landing page is far smaller than a mobile app', () => {
    const landing = hoursOf('I need a landing page with a waitlist form');
    const mobile = hoursOf('We need a React Native app for our yoga studio with bookings and payments');
    expect(landing.hoursHigh).toBeLessThanOrEqual(30);
    expect(mobile.hoursLow).toBeGreaterThanOrEqual(100);
  });

  it('grows with the counts the person gives: components, pages, lines of code', () => {
    const small = hoursOf('Upgrade our Angular 12 app to Angular 17, it has 20 components');
    const large = hoursOf('Upgrade our Angular 12 app to Angular 17, it has about 200 components');
    expect(large.hoursLow).toBeGreaterThan(small.hoursLow * 2);
    expect(large.hoursLow).toBeGreaterThanOrEqual(80);
    const tests = hoursOf('Please write unit tests for our Node API', 'About 30k lines of code');
    expect(tests.hoursLow).toBeGreaterThanOrEqual(80);
    const site = hoursOf('Build a marketing site with Astro', 'Twelve pages');
    expect(site.hoursLow).toBeGreaterThan(hoursOf('Build a marketing site with Astro').hoursLow);
  });

  it('grows with the data volume the person gives', () => {
    const few = hoursOf('Migrate 500 users from Firebase Auth to Supabase Auth');
    const many = hoursOf('Migrate 500k users from Firebase Auth to Supabase Auth');
    expect(many.hoursHigh).toBeGreaterThan(few.hoursHigh);
  });

  it('sizes a bug by how hard its symptoms usually are', () => {
    const zap = hoursOf('My Zapier zap between Gmail and Trello sends every email twice');
    const leak = hoursOf('Our Node.js API leaks memory under load and crashes every night');
    expect(zap.hoursHigh).toBeLessThanOrEqual(8);
    expect(leak.hoursLow).toBeGreaterThan(zap.hoursLow);
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

  it('makes revisions smaller or larger but never leaves the type bounds', () => {
    const facts = extractFacts(['Add a dark mode toggle to my React settings page'], []);
    const base = estimateWork(facts, NO_CHANGE, RATES);
    const smaller = estimateWork(facts, { ...NO_CHANGE, scale: 0.5 }, RATES);
    const bigger = estimateWork(facts, { ...NO_CHANGE, addedItems: 100 }, RATES);
    expect(smaller.hoursHigh).toBeLessThan(base.hoursHigh);
    expect(smaller.hoursLow).toBeGreaterThanOrEqual(HOURS_TABLE.feature.min);
    expect(bigger.hoursHigh).toBe(HOURS_TABLE.feature.max);
  });

  it('compares the budget with the range and caps the upper end only when asked to fit it', () => {
    const facts = extractFacts(['Add a dark mode toggle to my React settings page, budget $1,200'], []);
    const shown = estimateWork(facts, NO_CHANGE, RATES);
    expect(shown).toMatchObject({ budgetFit: 'inside', budgetHours: 15 });
    const fitted = estimateWork(facts, { ...NO_CHANGE, fitToBudget: true }, RATES);
    expect(fitted).toMatchObject({ hoursHigh: 15, priceHigh: 1200, budgetFit: 'capped' });
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
