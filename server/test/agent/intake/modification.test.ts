import { describe, expect, it } from 'vitest';
import type { AgentTurn } from '../../../src/modules/agent/brain.ts';
import { createIntakeBrain } from '../../../src/modules/agent/intake/index.ts';
import { converse, last, proposalWordsIn, questionPhrasesIn, RATES } from './helpers.ts';

const REQUEST =
  'Build an MVP of a marketplace for dog walkers with sign-in, payments and an admin dashboard. React and Supabase, launch by June 1st, budget $12,000. Nothing is built yet, please send the proposal.';

function hours(turn: AgentTurn): { low: number; high: number } {
  if (!turn.estimate) throw new Error(`no estimate on a ${turn.kind} turn`);
  return { low: turn.estimate.hoursLow, high: turn.estimate.hoursHigh };
}

describe('proposal modification', () => {
  it('asks what to change when "Let\'s modify it" is pressed, without proposal words', async () => {
    const { turns } = await converse(createIntakeBrain(), [REQUEST, { user: 'Make it smaller please', pressModify: true }]);
    const [proposal, question] = turns;
    expect(proposal?.kind).toBe('proposal');
    expect(question?.kind).toBe('question');
    expect(question?.content).toMatch(/what would you like to change/i);
    expect(question?.content).toContain('?');
    expect(question?.estimate).toBeUndefined();
    expect(proposalWordsIn(question?.content ?? '')).toEqual([]);
    expect(question?.brief.clarifiedScope).toBe(proposal?.brief.clarifiedScope);
  });

  it('revises the proposal with what the person asked to change', async () => {
    const { turns } = await converse(createIntakeBrain(), [
      REQUEST,
      { user: 'Please remove the admin area and add a review system for walkers. Make it cheaper.', pressModify: true },
    ]);
    const [first, question, revised] = turns;
    expect(first?.kind).toBe('proposal');
    expect(question?.kind).toBe('question');
    expect(revised?.kind).toBe('proposal');
    if (!first || !revised) return;
    expect(revised.content).toMatch(/^\*\*Revised proposal \(version 2\)/);
    expect(revised.content).toContain('### What changed');
    expect(revised.content).toContain('- Removed: Admin area');
    expect(revised.content).toContain('- Added: Review system for walkers');
    expect(revised.content).toContain('- Made smaller to lower the price');
    expect(revised.brief.clarifiedScope).toContain('- Review system for walkers');
    expect(revised.brief.clarifiedScope).not.toContain('Admin area');
    expect(hours(revised).high).toBeLessThan(hours(first).high);
    expect(proposalWordsIn(revised.content)).toEqual(expect.arrayContaining(['estimate', 'plan', 'next steps', 'scope']));
    expect(questionPhrasesIn(revised.content)).toEqual([]);
  });

  it('treats a message right after a proposal as a change request even without pressing modify', async () => {
    const { turns } = await converse(createIntakeBrain(), [REQUEST, 'Can we do it by July 15th instead, with a budget of $6,000?']);
    const revised = last(turns);
    expect(revised.kind).toBe('proposal');
    expect(revised.content).toContain('- Deadline: by July 15th');
    expect(revised.content).toContain('- Budget: $6,000');
    expect(revised.content).toContain('Delivery aimed at your deadline: by July 15th.');
    expect(revised.estimate?.priceHigh).toBeLessThanOrEqual(6000);
    expect(revised.brief.jobSummaryForEngineer).toContain('Budget: $6,000');
    expect(questionPhrasesIn(revised.content)).toEqual([]);
  });

  it('revises as well when the change arrives while modificationRequested is still true', async () => {
    const brain = createIntakeBrain();
    const { transcript } = await converse(brain, [REQUEST, { user: 'add push notifications', pressModify: true }]);
    const input = transcript.slice(0, -1);
    const turn = await brain.nextTurn({ transcript: input, modificationRequested: true, rates: RATES, aiName: 'Max', messagesLeft: 8 });
    expect(turn.kind).toBe('proposal');
    expect(turn.content).toContain('- Added: Push notifications');
  });

  it('answers a remark without a new version, saying how to accept or change', async () => {
    const { turns } = await converse(createIntakeBrain(), [REQUEST, 'Hmm, I will think about it over the weekend']);
    const answer = last(turns);
    expect(answer.kind).toBe('question');
    expect(answer.estimate).toBeUndefined();
    expect(answer.content).toContain('Sounds good');
    expect(proposalWordsIn(answer.content)).toEqual([]);
  });

  it('passes a change it cannot apply on to the expert in the revised version', async () => {
    const { turns } = await converse(createIntakeBrain(), [REQUEST, 'Please change the admin area so that it feels friendlier']);
    const [first, revised] = turns;
    expect(revised?.kind).toBe('proposal');
    expect(revised?.content).toContain('- Your note, passed on to the expert: “Please change the admin area so that it feels friendlier”');
    expect(revised?.estimate).toEqual(first?.estimate);
  });

  it('numbers each revision and keeps earlier changes', async () => {
    const { turns } = await converse(createIntakeBrain(), [REQUEST, 'add a review system', 'also add a blog']);
    const latest = last(turns);
    expect(latest.content).toMatch(/^\*\*Revised proposal \(version 3\)/);
    expect(latest.brief.clarifiedScope).toContain('- Review system');
    expect(latest.brief.clarifiedScope).toContain('- Blog');
    expect(latest.content).not.toContain('- Added: Review system');
  });
});
