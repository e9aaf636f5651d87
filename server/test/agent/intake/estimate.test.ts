import { describe, expect, it } from 'vitest';
import { HOURS_TABLE, estimateWork, formatMoney } from '../../../src/modules/agent/intake/estimate.ts';
import { extractFacts } from '../../../src/modules/agent/intake/facts.ts';
import { RATES } from './helpers.ts';

const NO_CHANGE = { addedItems: 0, removedItems: 0, scale: 1, fitToBudget: false };
const hoursOf = (...messages: string[]) => estimateWork(extractFacts(messages, []), NO_CHANGE, RATES);

describe('estimate', () => {
  it.each([
    ['a bot answering from documents', 'We want a Slack bot that answers our team’s questions from our Notion wiki', 20, 45],
    ['a deployment to a cloud', 'Deploy our FastAPI backend and Vue frontend with Docker on AWS', 12, 40],
    ['sign-in with subscriptions', 'Add Google login and Stripe subscriptions to our SvelteKit app', 20, 45],
  ])('sizes %s as an experienced freelancer would quote it', (_kind, request, low, high) => {
    const estimate = hoursOf(request);
    expect(estimate.hoursLow).toBeGreaterThanOrEqual(low);
    expect(estimate.hoursHigh).toBeLessThanOrEqual(high);
    expect((estimate.hoursLow + estimate.hoursHigh) / 2).toBeGreaterThanOrEqual(20);
  });

  it('sizes a request by its type: a bug in hours, an upgrade or a new product in weeks', () => {
    const bug = hoursOf('My login form throws a TypeError when I submit');
    const feature = hoursOf('Add role-based permissions to the reports page of my Django app');
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

  it('sizes well-known small jobs as an experienced engineer books them, whatever their type', () => {
    const domain = hoursOf('Point our Porkbun domain at the Netlify site and make www redirect to it');
    expect(domain.hoursHigh).toBeLessThanOrEqual(4);
    const email = hoursOf('Set up SPF, DKIM and DMARC for our domain so our emails stop landing in spam');
    expect(email.hoursHigh).toBeLessThanOrEqual(6);
    const bot = hoursOf('Build a Discord bot that tells our channel when a new release is tagged');
    expect(bot.hoursLow).toBeGreaterThanOrEqual(3);
    expect(bot.hoursHigh).toBeLessThanOrEqual(12);
    const query = hoursOf('One Postgres query behind our invoices page takes 12 seconds; make it faster');
    expect(query.hoursHigh).toBeLessThanOrEqual(12);
    const ci = hoursOf('Set up GitHub Actions to run our Jest tests on every pull request');
    expect(ci.hoursHigh).toBeLessThanOrEqual(12);
  });

  it('sizes a data pipeline into a warehouse in days, growing with its sources', () => {
    const one = hoursOf('Sync Pipedrive deals into Snowflake every night and build two Tableau dashboards');
    const two = hoursOf('Sync Pipedrive deals and Stripe charges into Snowflake every night and build two Tableau dashboards');
    expect(one.hoursLow).toBeGreaterThanOrEqual(14);
    expect(one.hoursHigh).toBeLessThanOrEqual(60);
    expect(two.hoursHigh).toBeGreaterThan(one.hoursHigh);
  });

  it('needs fewer hours on a no-code platform than in code', () => {
    const coded = hoursOf('Add a PayPal checkout to our React Native app');
    const noCode = hoursOf('Add a PayPal checkout to our FlutterFlow app');
    expect(noCode.hoursHigh).toBeLessThan(coded.hoursHigh);
  });

  it('sizes with the code analysis: more code, a wider range; tests and reviews by its lines', () => {
    const withCode = (request: string, lines: number) =>
      estimateWork(
        extractFacts([request], ['code.zip'], { file_count: Math.ceil(lines / 40), line_count: lines, main_languages: ['TypeScript'] }),
        NO_CHANGE,
        RATES,
      );
    const bug = 'Our NestJS API returns "QueryFailedError: deadlock detected" when two invoices are paid at once';
    const small = withCode(bug, 3_000);
    const large = withCode(bug, 90_000);
    expect(large.hoursHigh - large.hoursLow).toBeGreaterThan(small.hoursHigh - small.hoursLow);
    expect(large.hoursHigh / large.hoursLow).toBeGreaterThan(small.hoursHigh / small.hoursLow);
    const tests = 'Please write unit tests for our NestJS API';
    expect(withCode(tests, 30_000).hoursLow).toBeGreaterThan(withCode(tests, 3_000).hoursHigh);
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
    const facts = extractFacts(['Add role-based access to the settings page of my React app'], []);
    const base = estimateWork(facts, NO_CHANGE, RATES);
    const smaller = estimateWork(facts, { ...NO_CHANGE, scale: 0.5 }, RATES);
    const bigger = estimateWork(facts, { ...NO_CHANGE, addedItems: 100 }, RATES);
    expect(smaller.hoursHigh).toBeLessThan(base.hoursHigh);
    expect(smaller.hoursLow).toBeGreaterThanOrEqual(HOURS_TABLE.feature.min);
    expect(bigger.hoursHigh).toBe(HOURS_TABLE.feature.max);
  });

  it('compares the budget with the range and caps the upper end only when asked to fit it', () => {
    const facts = extractFacts(['Add role-based access to the settings page of my React app, budget $1,200'], []);
    const shown = estimateWork(facts, NO_CHANGE, RATES);
    expect(shown).toMatchObject({ budgetFit: 'inside', budgetHours: 15 });
    const fitted = estimateWork(facts, { ...NO_CHANGE, fitToBudget: true }, RATES);
    expect(fitted).toMatchObject({ hoursHigh: 15, priceHigh: 1200, budgetFit: 'capped' });
  });

  it('does not compare a budget in another currency or an hourly rate', () => {
    const euros = extractFacts(['Add role-based access to the settings page of my React app, budget €300'], []);
    expect(estimateWork(euros, NO_CHANGE, RATES).budgetFit).toBeNull();
    const rate = extractFacts(['Add role-based access to the settings page of my React app, I pay $40/hour'], []);
    expect(estimateWork(rate, NO_CHANGE, RATES).budgetFit).toBeNull();
  });

  it('formats money for en-US readers without needless decimals', () => {
    expect(formatMoney(1200, 'USD')).toBe('$1,200');
    expect(formatMoney(80.5, 'EUR')).toBe('€80.50');
  });
});
