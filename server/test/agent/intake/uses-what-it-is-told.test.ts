import { describe, expect, it } from 'vitest';
import type { AgentTurn } from '../../../src/modules/agent/brain.ts';
import { createIntakeBrain } from '../../../src/modules/agent/intake/index.ts';
import { topicsOf } from '../../../src/modules/agent/intake/questions.ts';
import { converse, last } from './helpers.ts';

/** Every topic the agent's questions asked about, in order. */
const askedTopics = (turns: readonly AgentTurn[]) => turns.filter((t) => t.kind === 'question').flatMap((t) => topicsOf(t.content));
const questionsOf = (turns: readonly AgentTurn[]) =>
  turns
    .filter((t) => t.kind === 'question')
    .map((t) => t.content)
    .join('\n');

describe('agent-1 uses what it is told', () => {
  it('reads "My Bubble app workflow double-charges customers via Stripe" as a bug fix on Bubble and Stripe, with a real title', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'My Bubble app workflow double-charges customers via Stripe',
      'When a customer clicks Pay twice quickly, two charges are created.',
      'Next week, budget $300.',
    ]);
    expect(turns[0]?.reading).toEqual({ requestType: 'bug_fix', stack: ['Bubble', 'Stripe'], aiTools: [] });
    expect(turns[0]?.brief.title).toBe('Fix double charges in the Bubble app');
    expect(turns[0]?.brief.diagnosis).toMatch(/^A bug fix on Bubble and Stripe\./);
    const proposal = last(turns);
    expect(proposal.kind).toBe('proposal');
    expect(proposal.content).not.toContain('Request to clarify with an expert');
    expect(proposal.brief.diagnosis).not.toContain('Not classified yet');
    // The app lives on Bubble: no repository to ask for.
    expect(askedTopics(turns)).not.toContain('code');
    expect(proposal.content).not.toContain('where it lives was not said');
  });

  it.each([
    [
      'The repo is private on GitHub. Our Next.js checkout throws "Cannot read properties of undefined" since yesterday.',
      'Code: in a private repository on GitHub',
    ],
    ['Our Rails API on GitLab returns "PG::UniqueViolation" when two orders come in at once.', 'Code: in a repository on GitLab'],
    [
      'Bitbucket has the code: our Laravel queue workers crash with "Allowed memory size exhausted" every night.',
      'Code: in a repository on Bitbucket',
    ],
    ['It\'s on Replit: my Flask app keeps logging users out with "session expired" after a minute.', 'Code: on Replit'],
  ])('does not ask where the code is after %j, and its proposal says where it is', async (first, codeLine) => {
    const { turns } = await converse(createIntakeBrain(), [
      first,
      'It started after the last deploy; no other error in the logs.',
      'In two weeks, $500.',
    ]);
    expect(askedTopics(turns)).not.toContain('code');
    const proposal = last(turns);
    expect(proposal.kind).toBe('proposal');
    expect(proposal.content).toContain(codeLine);
    expect(proposal.content).not.toContain('where it lives was not said');
    expect(proposal.brief.jobSummaryForEngineer).not.toContain('Code: not said');
  });

  it('keeps Replit, where the app runs, in the stack and Replit Agent among the AI tools', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'I built it with Replit Agent and it runs on Replit; the login page shows a blank screen',
    ]);
    expect(turns[0]?.reading).toMatchObject({ stack: ['Replit'], aiTools: ['Replit Agent'] });
  });

  it('does not ask for a deadline or a budget the first message gave', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'Add Google login to our Express app. We need it by the 15th and have 2k for this.',
      'It has email login today with Passport, about 12 pages. Users can sign in with Google.',
      'Private GitHub repo.',
    ]);
    const asked = questionsOf(turns);
    expect(asked).not.toMatch(/when do you need it done|deadline/i);
    expect(asked).not.toMatch(/budget/i);
    const proposal = last(turns);
    expect(proposal.kind).toBe('proposal');
    expect(proposal.content).toContain('Deadline: by the 15th.');
    expect(proposal.content).toContain('Budget: 2k.');
  });

  it('asks only for what is missing: the budget when the deadline is known', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'Our Shopify store needs a size guide popup on every product page; it has to be live by Friday.',
      'About 300 products in 4 collections, the sizes are in a spreadsheet.',
    ]);
    const asked = questionsOf(turns);
    expect(asked).toMatch(/what budget do you have in mind/i);
    expect(asked).not.toMatch(/when do you need it done/i);
  });

  it('does not ask where the code is when a ZIP came with the message, before its analysis lands or after', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      { user: 'Here is our PHP 7.4 shop - we need it running on PHP 8.3 before our host drops 7.4.', attachments: ['shop.zip'] },
      {
        user: 'A custom shop from 2016 with about 30 Composer packages; no tests. Done means every page and the checkout work on 8.3.',
        codeAnalysis: { file_count: 420, line_count: 38_000, main_languages: ['PHP', 'JavaScript', 'CSS'] },
      },
      'In two months, $5,000.',
    ]);
    expect(askedTopics(turns)).not.toContain('code');
    expect(turns[0]?.brief.jobSummaryForEngineer).toContain('Code: in the attached shop.zip');
    const proposal = last(turns);
    expect(proposal.kind).toBe('proposal');
    expect(proposal.content).toContain('Code: in the attached shop.zip: 420 files, 38,000 lines (PHP, JavaScript, CSS)');
    expect(proposal.reading.stack).toContain('JavaScript');
  });

  it('sizes the work with the code analysis: more code, a wider range', async () => {
    const request = 'Our Django app returns "OperationalError: database is locked" when two people save at once.';
    const estimateWith = async (lines: number) => {
      const { turns } = await converse(createIntakeBrain(), [
        {
          user: request,
          attachments: ['app.zip'],
          codeAnalysis: { file_count: lines / 50, line_count: lines, main_languages: ['Python'] },
        },
        'Just send the proposal',
      ]);
      const estimate = last(turns).estimate;
      if (!estimate) throw new Error('no estimate');
      return estimate;
    };
    const small = await estimateWith(2_000);
    const large = await estimateWith(120_000);
    expect(large.hoursHigh).toBeGreaterThan(small.hoursHigh);
    expect(large.hoursHigh - large.hoursLow).toBeGreaterThan(small.hoursHigh - small.hoursLow);
    expect(large.hoursHigh / large.hoursLow).toBeGreaterThan(small.hoursHigh / small.hoursLow);
  });

  it('updates where the code is when the person says it after the proposal', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      'Our Vue shop shows the wrong prices in the cart since the last release',
      'Just send the proposal',
      'The repo is private on GitHub, by the way.',
    ]);
    expect(turns[1]?.content).toContain('Code: where it lives was not said');
    // A remark is no change: the proposal stays, the brief for the expert learns it.
    expect(last(turns).kind).toBe('question');
    expect(last(turns).brief.jobSummaryForEngineer).toContain('Code: in a private repository on GitHub');
  });
});
