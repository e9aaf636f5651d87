import { describe, expect, it } from 'vitest';
import { looksLikeProposal } from '@unstuck/contract';
import { createIntakeBrain } from '../../../src/modules/agent/intake/index.ts';
import { topicsOf } from '../../../src/modules/agent/intake/questions.ts';
import { converse, last } from './helpers.ts';

/** The questions before the first proposal (after it, agent-1 answers the person's questions). */
const questionsOf = (turns: { kind: string; content: string }[]) => {
  const first = turns.findIndex((t) => t.kind === 'proposal');
  return (first < 0 ? turns : turns.slice(0, first)).filter((t) => t.kind === 'question').map((t) => t.content);
};

describe('intake rules', () => {
  it('never asks about the same thing twice, whatever the answers', async () => {
    const conversations = [
      ['Our Flask API returns 502 when two people upload photos at once', 'not sure', 'hmm, no idea', 'what do you mean?', 'ok'],
      ['I need an internal tool: an admin panel over our Postgres database', 'dunno', 'dunno', 'dunno'],
    ];
    for (const messages of conversations) {
      const { turns } = await converse(createIntakeBrain(), messages);
      const questions = questionsOf(turns);
      expect(new Set(questions).size).toBe(questions.length);
      const topics = questions.flatMap(topicsOf);
      expect(new Set(topics).size).toBe(topics.length);
    }
    // What it needs to price is asked twice at most, never in the same words.
    const { turns } = await converse(createIntakeBrain(), ['hi', 'hello', 'hi again', 'hello?']);
    const questions = questionsOf(turns);
    expect(questions.length).toBeLessThanOrEqual(2);
    expect(new Set(questions).size).toBe(questions.length);
  });

  it('proposes after two answers that add nothing, stating what it assumes', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'Our Vue shop shows the wrong prices in the cart since the last release',
      'not sure',
      'no idea, sorry',
    ]);
    expect(turns.map((t) => t.kind)).toEqual(['question', 'question', 'proposal']);
    expect(last(turns).content).toContain('### Assumptions');
    expect(last(turns).content).toMatch(/Code: where it lives was not said/);
  });

  it('offers a fixed Diagnosis when it cannot understand the request after two tries, instead of looping', async () => {
    const { turns } = await converse(createIntakeBrain(), ['hi', 'hello', 'hi again', 'hello?', 'hmm']);
    const proposal = turns.find((t) => t.kind === 'proposal');
    expect(proposal).toBeDefined();
    expect(turns.indexOf(proposal!)).toBe(2);
    expect(proposal?.reading.requestType).toBe('unclear');
    expect(proposal?.content).toMatch(/^\*\*Proposal: Diagnosis /);
    expect(proposal?.content).toContain('fixed **Diagnosis**');
    expect(proposal?.estimate).toMatchObject({ hoursLow: 1, hoursHigh: 2, priceLow: 80, priceHigh: 160 });
  });

  it.each(['Just send the proposal', 'please skip the questions and give me a quote', 'Go ahead with the proposal'])(
    'honours %j at once',
    async (request) => {
      const { turns } = await converse(createIntakeBrain(), ['We need a Shopify app that prints packing slips', request]);
      expect(turns.map((t) => t.kind)).toEqual(['question', 'proposal']);
    },
  );

  it('asks a bug report for the exact error and how to reproduce it', async () => {
    const { turns } = await converse(createIntakeBrain(), ['My Django site shows a white screen after the update']);
    expect(turns[0]?.kind).toBe('question');
    expect(turns[0]?.content).toMatch(/error message/i);
    expect(turns[0]?.content).toMatch(/reproduce/i);
  });

  it('asks where the code is and about access before proposing', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'Add Google login to our Express app',
      'It has email login today with Passport, about 12 pages. Users can sign in with Google.',
      'In two weeks, budget $900',
    ]);
    const asked = questionsOf(turns).join('\n');
    expect(asked).toMatch(/where is the code/i);
    expect(asked).toMatch(/access/i);
  });

  it('puts every open question into one when the person can send only one more message', async () => {
    const { turns } = await converse(
      createIntakeBrain(),
      ['Our Astro blog on Netlify shows a blank page', 'It says "Failed to load module script", GitHub repo, today, $150'],
      undefined,
      2,
    );
    expect(turns[0]?.content).toMatch(/error message/i);
    expect(turns[0]?.content).toMatch(/where is the code/i);
    expect(turns[0]?.content).toMatch(/budget/i);
    expect(turns.map((t) => t.kind)).toEqual(['question', 'proposal']);
  });

  it('reports its reading of the request on every turn: type, stack in its own words, AI tools apart', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'I built my Next.js dashboard with Cursor and now Stripe webhooks fail with a 400',
    ]);
    expect(turns[0]?.reading).toEqual({ requestType: 'bug_fix', stack: ['Next.js', 'Stripe', 'React'], aiTools: ['Cursor'] });
  });

  it('classifies the first message and keeps that type when later answers mention other kinds of work', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'Make our Django search faster, results take 6 seconds',
      'We also want to connect it to Algolia and deploy it on AWS',
    ]);
    expect(turns.map((t) => t.reading.requestType)).toEqual(['performance', 'performance']);
  });

  it('words every question so the app shows no proposal buttons on it, and every proposal so it does', async () => {
    const requests = [
      'Our Flask API returns 502 on uploads',
      'I need a landing page for my bakery',
      'Add dark mode to our React app',
      'Connect Typeform to HubSpot',
      'Upgrade our Angular 12 app to Angular 17',
      'Make our Shopify store faster',
      'Please do a security audit of our Express API',
      'Set up Terraform for our GCP project',
      'Write unit tests for our Django app',
      'Scrape three supplier sites every night into Postgres',
      'Help, it is broken',
    ];
    for (const request of requests) {
      const { turns } = await converse(createIntakeBrain(), [request, 'not sure', 'no idea']);
      for (const turn of turns) expect(looksLikeProposal(turn.content)).toBe(turn.kind === 'proposal');
      expect(last(turns).kind).toBe('proposal');
    }
  });

  it('states the estimate in hours and price in every proposal', async () => {
    const { turns } = await converse(createIntakeBrain(), ['Write end-to-end tests for our Vue checkout, please send the proposal']);
    const proposal = last(turns);
    expect(proposal.kind).toBe('proposal');
    expect(proposal.content).toMatch(/Effort: \d+–\d+ hours/);
    expect(proposal.content).toMatch(/Price: \$[\d,]+–\$[\d,]+/);
  });
});
