import { describe, expect, it } from 'vitest';
import type { AgentTurnInput } from '../../../src/modules/agent/brain.ts';
import { createIntakeBrain } from '../../../src/modules/agent/intake/index.ts';
import { converse, last, proposalWordsIn, questionPhrasesIn, RATES } from './helpers.ts';

const NEXT_BUG = 'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router';

describe('intake conversation', () => {
  it('is named intake', () => {
    expect(createIntakeBrain().name).toBe('intake');
  });

  it('answers the Next.js bug report with a question about the error and not about the stack', async () => {
    const { turns } = await converse(createIntakeBrain(), [NEXT_BUG]);
    const turn = last(turns);
    expect(turn.kind).toBe('question');
    expect(turn.estimate).toBeUndefined();
    expect(turn.content).toMatch(/error message/i);
    expect(turn.content).not.toMatch(/which technolog|framework|language/i);
    expect(turn.content).toContain('Next.js and Vercel');
    expect(turn.brief.diagnosis).toBe(`A bug fix on Next.js and Vercel: ${NEXT_BUG}`);
  });

  it("quotes the person's error in the proposal's scope and the engineer's summary", async () => {
    const report = 'webhooks return 400 "No signatures found matching the expected signature"';
    const { turns } = await converse(createIntakeBrain(), [
      'I built a SaaS with Lovable and Supabase but Stripe payments stopped working',
      report,
      'within 3 days, budget around 300 dollars',
    ]);
    const proposal = last(turns);
    expect(proposal.kind).toBe('proposal');
    expect(proposal.content).toContain(`- Reported error: ${report}`);
    expect(proposal.brief.clarifiedScope).toContain(report);
    expect(proposal.brief.jobSummaryForEngineer).toContain(`Error details: ${report}`);
  });

  it('asks for deadline and budget together once the error is described', async () => {
    const { turns } = await converse(createIntakeBrain(), [NEXT_BUG, 'The logs say "TypeError: fetch failed" in every route handler']);
    const turn = last(turns);
    expect(turn.kind).toBe('question');
    expect(turn.content).toMatch(/when do you need it done/i);
    expect(turn.content).toMatch(/budget/i);
  });

  it('keeps asking for the goal through small talk and never proposes without one', async () => {
    const { turns } = await converse(createIntakeBrain(), ['hi', 'how are you?', 'ok cool', 'thanks', 'hello?', 'can you help?']);
    expect(turns).toHaveLength(6);
    for (const turn of turns) {
      expect(turn.kind).toBe('question');
      expect(turn.content).toMatch(/build|fix|broken|working on|goal/i);
      expect(turn.brief.diagnosis).toBeNull();
      expect(turn.brief.clarifiedScope).toBeNull();
      expect(turn.brief.title).toBe('New request');
    }
    expect(turns[0]?.content).toContain("I'm Max");
    expect(new Set(turns.slice(0, 3).map((t) => t.content)).size).toBe(3);
  });

  it('reaches a proposal within four agent turns, with every section and a priced range', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'Hi! I need a website for my bakery where customers can order cakes online',
      'No preference, whatever works best',
      'In about a month. My budget is around $4,000',
    ]);
    expect(turns.length).toBeLessThanOrEqual(4);
    const proposal = last(turns);
    expect(proposal.kind).toBe('proposal');
    for (const heading of ['### Scope', '### Plan', '### Estimate', '### Next steps']) expect(proposal.content).toContain(heading);
    expect(proposal.content).toMatch(/^Summary: /m);
    expect(proposal.content).toMatch(/^1\. Kickoff/m);
    expect(proposalWordsIn(proposal.content)).toEqual(expect.arrayContaining(['estimate', 'plan', 'next steps', 'scope']));
    expect(questionPhrasesIn(proposal.content)).toEqual([]);
    expect(proposal.content).toContain('✓ Sounds good');
    expect(proposal.content).toContain("✎ Let's modify it");

    const estimate = proposal.estimate;
    expect(estimate).toBeDefined();
    if (!estimate) return;
    expect(estimate.hoursLow).toBeGreaterThanOrEqual(40);
    expect(estimate.hoursHigh).toBeLessThanOrEqual(160);
    expect(estimate.priceLow).toBe(estimate.hoursLow * RATES.hourlyRate);
    expect(estimate.priceHigh).toBe(estimate.hoursHigh * RATES.hourlyRate);
    expect(estimate.currency).toBe('USD');
    expect(proposal.content).toContain(`Effort: ${estimate.hoursLow}–${estimate.hoursHigh} hours`);
    const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);
    expect(proposal.content).toContain(`${money(estimate.priceLow)}–${money(estimate.priceHigh)}`);
  });

  it('fills the brief for the experts once it proposes', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      {
        user: 'Add Stripe subscriptions to my Next.js SaaS, repo is https://github.com/acme/saas. Need it by next Friday, budget $2,000',
        attachments: ['pricing-page.png'],
      },
    ]);
    const turn = last(turns);
    expect(turn.kind).toBe('proposal');
    expect(turn.brief.title).toBe('Add Stripe subscriptions to my Next.js SaaS');
    expect(turn.brief.clarifiedScope).toMatch(/^- /);
    expect(turn.brief.jobSummaryForEngineer).toContain('Stack: Stripe, Next.js');
    expect(turn.brief.jobSummaryForEngineer).toContain('Deadline: by next Friday');
    expect(turn.brief.jobSummaryForEngineer).toContain('Budget: $2,000');
    expect(turn.brief.jobSummaryForEngineer).toContain('Links: https://github.com/acme/saas');
    expect(turn.brief.jobSummaryForEngineer).toContain('Attachments: pricing-page.png');
    expect(turn.staffNotes).toContain('- Stack: Stripe, Next.js');
  });

  it('proposes after three clarifying questions and states what is missing as assumptions', async () => {
    const { turns } = await converse(createIntakeBrain(), ['hi', 'hello', 'well', 'I need a booking app for my yoga studio']);
    const proposal = last(turns);
    expect(turns.slice(0, 3).every((t) => t.kind === 'question')).toBe(true);
    expect(proposal.kind).toBe('proposal');
    expect(proposal.content).toContain('### Assumptions');
    expect(proposal.content).toMatch(/Technology: not named yet/);
    expect(proposal.content).toMatch(/Timeline: no deadline given/);
    expect(proposal.content).toMatch(/Budget: not given/);
  });

  it('does not ask again for something already asked, even when the answer was vague', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'I need a dashboard for my sales data',
      'not sure, whatever you recommend',
      'no idea yet',
    ]);
    expect(turns.map((t) => t.kind)).toEqual(['question', 'question', 'proposal']);
  });

  it('never puts proposal words in a question, and always asks with a question mark', async () => {
    const conversations = [
      ['hi', 'can you help?', 'I want to plan a scope for my estimate quote app'],
      [NEXT_BUG, 'it just shows a blank page', 'next steps? no idea'],
      ['I need a meal planner app', 'React Native', 'whenever'],
      ['Deploy my Django app to AWS', 'no rush, flexible budget'],
    ];
    for (const messages of conversations) {
      const { turns } = await converse(createIntakeBrain(), messages, RATES);
      for (const turn of turns.filter((t) => t.kind === 'question')) {
        expect(proposalWordsIn(turn.content)).toEqual([]);
        expect(turn.content).toContain('?');
      }
    }
  });

  it('gives the same turn for the same input', async () => {
    const input: AgentTurnInput = {
      transcript: [{ role: 'user', content: 'Build an MVP for a marketplace of vintage bikes with payments, budget $9k, ASAP' }],
      modificationRequested: false,
      rates: RATES,
      aiName: 'Max',
    };
    const brain = createIntakeBrain();
    expect(await brain.nextTurn(input)).toEqual(await brain.nextTurn(structuredClone(input)));
  });

  it('rejects a currency code that is not one', async () => {
    const input: AgentTurnInput = {
      transcript: [{ role: 'user', content: 'Fix my Django login: it throws a CsrfViewMiddleware error, by Friday, $200' }],
      modificationRequested: false,
      rates: { hourlyRate: 80, currency: 'DOLLARS' },
      aiName: 'Max',
    };
    await expect(createIntakeBrain().nextTurn(input)).rejects.toThrow(RangeError);
  });
});
