import { describe, expect, it } from 'vitest';
import type { AgentTurnInput } from '../../../src/modules/agent/brain.ts';
import { createIntakeBrain } from '../../../src/modules/agent/intake/index.ts';
import { converse, last, proposalWordsIn, questionPhrasesIn, RATES } from './helpers.ts';

const NEXT_BUG = 'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router';

describe('intake conversation', () => {
  it('is named intake', () => {
    expect(createIntakeBrain().name).toBe('intake');
  });

  it('answers the Next.js bug report with what it understood and a question about the error', async () => {
    const { turns } = await converse(createIntakeBrain(), [NEXT_BUG]);
    const turn = last(turns);
    expect(turn.kind).toBe('question');
    expect(turn.estimate).toBeUndefined();
    expect(turn.content).toContain("Hi, I'm Max.");
    expect(turn.content).toContain('Got it: a bug fix on Next.js and Vercel.');
    expect(turn.content).toMatch(/error message/i);
    expect(turn.content).not.toMatch(/which technolog|framework|language/i);
    expect(turn.brief.diagnosis).toBe(`A bug fix on Next.js and Vercel. ${NEXT_BUG}`);
    // Trouble that began with an upgrade is titled by its symptom and that context (docs/product.md "agent-1").
    expect(turn.brief.title).toBe('Next.js app returns 500 on every API route after upgrading to App Router');
  });

  it("quotes the person's error in the proposal's scope and the engineer's summary", async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'I built a SaaS with Lovable and Supabase but Stripe payments stopped working',
      'webhooks return 400 "No signatures found matching the expected signature"',
      'GitHub repo, within 3 days, budget around 300 dollars',
    ]);
    const proposal = last(turns);
    expect(proposal.kind).toBe('proposal');
    expect(proposal.content).toContain('- Reported error: “No signatures found matching the expected signature”');
    expect(proposal.brief.clarifiedScope).toContain('No signatures found matching the expected signature');
    expect(proposal.brief.jobSummaryForEngineer).toContain('Error details: No signatures found matching the expected signature');
    expect(proposal.brief.jobSummaryForEngineer).toContain('AI tools used (context, not stack): Lovable');
  });

  it('asks for the code, deadline and budget together once the error is described', async () => {
    const { turns } = await converse(createIntakeBrain(), [NEXT_BUG, 'The logs say "TypeError: fetch failed" in every route handler']);
    const turn = last(turns);
    expect(turn.kind).toBe('question');
    expect(turn.content).toMatch(/where is the code/i);
    expect(turn.content).toMatch(/when do you need it done/i);
    expect(turn.content).toMatch(/budget/i);
  });

  it('reaches a proposal within four agent turns, with every section and a priced range', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'Hi! I need a website for my bakery where customers can order cakes online',
      'About 6 pages, no preference for the technology. Customers order and pay online.',
      'Nothing built yet. In about a month. My budget is around $4,000',
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
    expect(estimate.hoursLow).toBeGreaterThanOrEqual(30);
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
        user: 'Add Stripe subscriptions to my Next.js SaaS, repo is https://github.com/acme/saas. Need it by next Friday, budget $2,000. Just send the proposal.',
        attachments: ['pricing-page.png'],
      },
    ]);
    const turn = last(turns);
    expect(turn.kind).toBe('proposal');
    expect(turn.brief.title).toBe('Add Stripe subscriptions to the Next.js SaaS');
    expect(turn.brief.clarifiedScope).toMatch(/^- /);
    expect(turn.brief.jobSummaryForEngineer).toContain('Stack: Stripe, Next.js, React (implied)');
    expect(turn.brief.jobSummaryForEngineer).toContain('Code: in a repository on GitHub');
    expect(turn.brief.jobSummaryForEngineer).toContain('Deadline: by next Friday');
    expect(turn.brief.jobSummaryForEngineer).toContain('Budget: $2,000');
    expect(turn.brief.jobSummaryForEngineer).toContain('Links: https://github.com/acme/saas');
    expect(turn.brief.jobSummaryForEngineer).toContain('Attachments: pricing-page.png');
    expect(turn.staffNotes).toContain('- Stack: Stripe, Next.js, React (implied)');
    expect(turn.staffNotes).toContain('sent a proposal (the person asked for it)');
  });

  it('proposes after three clarifying questions at the latest and states what is missing as assumptions', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'I need a booking app for my yoga studio',
      'Classes and a calendar, about 200 members.',
      'React Native',
      'Not sure yet.',
    ]);
    const proposal = turns.find((t) => t.kind === 'proposal');
    expect(turns.indexOf(proposal!)).toBeLessThanOrEqual(3);
    expect(proposal?.content).toContain('### Assumptions');
    expect(proposal?.content).toMatch(/Timeline: no deadline given/);
    expect(proposal?.content).toMatch(/Budget: not given/);
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
      messagesLeft: 9,
    };
    const brain = createIntakeBrain();
    expect(await brain.nextTurn(input)).toEqual(await brain.nextTurn(structuredClone(input)));
  });

  it('rejects a currency code that is not one', async () => {
    const input: AgentTurnInput = {
      transcript: [
        { role: 'user', content: 'Fix my Django login: it throws a CsrfViewMiddleware error, by Friday, $200. Just send the proposal.' },
      ],
      modificationRequested: false,
      rates: { hourlyRate: 80, currency: 'DOLLARS' },
      aiName: 'Max',
      messagesLeft: 9,
    };
    await expect(createIntakeBrain().nextTurn(input)).rejects.toThrow(RangeError);
  });
});
