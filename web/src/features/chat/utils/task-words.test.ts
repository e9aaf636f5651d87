import { describe, expect, it } from 'vitest';
import { composerNote, proposalIncludesCall, thankYouWords, type TaskState } from './task-words.ts';

const THREE_HOURS = { medianMinutes: 170, basis: 'measured', tasks: 9 } as const;

/** agent-1's proposal shape: its Next steps and Estimate mention a kickoff, which no customer chose. */
const proposal = (scope: string[], plan: string[] = ['1. Read the logs']) =>
  [
    '**Proposal: Fix the API routes**',
    '',
    'Summary: A bug fix.',
    '',
    '### Scope',
    ...scope,
    '',
    '### Plan',
    ...plan,
    '',
    '### Estimate',
    '- This estimate is confirmed by the expert after kickoff.',
    '',
    '### Next steps',
    '3. A kickoff call sets the timeline and milestones, and the work starts.',
  ].join('\n');

describe('proposalIncludesCall', () => {
  it('finds a call in the Scope or Plan, never in the boilerplate Next steps', () => {
    expect(proposalIncludesCall(proposal(['- Fix the routes']))).toBe(false);
    expect(proposalIncludesCall(proposal(['- A short call to understand the situation.']))).toBe(true);
    expect(proposalIncludesCall(proposal(['- Fix the routes'], ['1. A video meeting to walk through the code']))).toBe(true);
  });

  it('a line that excludes a call is not one', () => {
    expect(proposalIncludesCall(proposal(['- No call needed: everything by chat']))).toBe(false);
    expect(proposalIncludesCall(proposal(['- Work in writing, without a kickoff call.']))).toBe(false);
  });
});

describe('thankYouWords', () => {
  it('promises the expected reply and the email only when they are real, and no call the proposal lacks', () => {
    const words = thankYouWords({
      expertResponse: THREE_HOURS,
      confirmationEmailTo: 'carol@example.com',
      proposalContent: proposal(['- No call needed']),
    });
    expect(words.lead).toBe('Your task is now with our human experts.');
    expect(words.steps).toEqual([
      'An expert whose skills fit your request takes the task and writes to you in this conversation.',
      'An expert usually replies within 3 hours.',
      'We have emailed a confirmation to carol@example.com.',
      'You can continue the conversation here at any time.',
    ]);
    expect(words.steps.join(' ')).not.toMatch(/24 hours|kickoff|call|project manager/i);
  });

  it('says nothing of a reply time, an email or a call it does not have', () => {
    const words = thankYouWords({ expertResponse: null, confirmationEmailTo: null, proposalContent: null });
    expect(words.steps).toEqual([
      'An expert whose skills fit your request takes the task and writes to you in this conversation.',
      'You can continue the conversation here at any time.',
    ]);
  });

  it('mentions the call when the accepted proposal includes one', () => {
    const words = thankYouWords({ expertResponse: null, confirmationEmailTo: null, proposalContent: proposal(['- A short call first']) });
    expect(words.steps).toContain('The expert sets up the call your proposal includes.');
  });
});

describe('composerNote', () => {
  const task = (state: Partial<TaskState>): TaskState => ({ status: 'ACCEPTED', assigneeName: null, confirmedAt: null, ...state });

  it('waits for an expert, with the expected reply when there is one', () => {
    expect(composerNote(task({}), THREE_HOURS)).toBe(
      'Proposal accepted. Waiting for an expert to take your task. An expert usually replies within 3 hours.',
    );
    expect(composerNote(task({}), null)).toBe('Proposal accepted. Waiting for an expert to take your task.');
    // The task is read after the acceptance: meanwhile the same words, not an empty note.
    expect(composerNote(null, null)).toBe('Proposal accepted. Waiting for an expert to take your task.');
  });

  it('says the deposit comes first while work waits for it, and only then', () => {
    const manual = { provider: 'manual', instructions: 'IBAN …', beforeWork: true } as const;
    const due = { status: 'awaiting_deposit', depositMinor: 30000, balanceMinor: 0, currency: 'USD' } as const;
    expect(composerNote(task({ payment: due }), THREE_HOURS, manual)).toBe(
      'Proposal accepted. Pay the deposit and your task goes to our experts.',
    );
    expect(composerNote(task({ payment: due }), null, { ...manual, beforeWork: false })).toBe(
      'Proposal accepted. Waiting for an expert to take your task.',
    );
    expect(composerNote(task({ payment: { ...due, status: 'deposit_paid' } }), null, manual)).toBe(
      'Proposal accepted. Waiting for an expert to take your task.',
    );
    const words = thankYouWords({ expertResponse: null, confirmationEmailTo: null, proposalContent: null, payments: manual });
    expect(words.lead).toBe('Your proposal is accepted.');
    expect(words.steps[0]).toMatch(/^Pay the deposit/);
  });

  it('names the expert who holds the task, by first name', () => {
    expect(composerNote(task({ status: 'IN_PROGRESS', assigneeName: 'Eve Expert' }), THREE_HOURS)).toBe('Eve is on it.');
    expect(composerNote(task({ status: 'ACCEPTED', assigneeName: 'Eve Expert' }), null)).toBe('Eve is on it.');
    expect(composerNote(task({ status: 'WAITING_ON_CUSTOMER', assigneeName: 'Eve Expert' }), null)).toBe(
      'Eve is waiting on you: your answer keeps the work moving.',
    );
  });

  it('says the work is done, then confirmed; never the team contacting the customer', () => {
    expect(composerNote(task({ status: 'DONE', assigneeName: 'Eve Expert' }), THREE_HOURS)).toBe(
      'Eve marked the work as done: confirm it or reopen it.',
    );
    expect(composerNote(task({ status: 'DONE', assigneeName: 'Eve Expert', confirmedAt: '2026-11-28T10:00:00Z' }), null)).toBe(
      'Done and confirmed. You can still write here.',
    );
  });
});
