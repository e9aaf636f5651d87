import { describe, expect, it } from 'vitest';
import { namesTechnology, scoreCase, type ObservedTurn } from '../../eval/intake/score.ts';
import { PUZZLED_REPLY, replyTo } from '../../eval/intake/simulated-person.ts';

const answers = { details: 'D', goal: 'G', deadline: 'T', budget: 'B', code: 'C' };
const testCase = { first: 'x', stack: ['Postgres', 'ECS'], ai_tools: ['Cursor'], request_type: 'bug_fix' as const, answers, told: [] };
const question = (content: string, more: Partial<ObservedTurn> = {}): ObservedTurn => ({
  kind: 'question',
  content,
  requestType: 'bug_fix',
  stack: [],
  aiTools: [],
  estimate: null,
  topics: [],
  ...more,
});

describe('the simulated person', () => {
  it('answers what a question asks, in topic order, and nothing else', () => {
    expect(replyTo('What does the error message say?', answers)).toEqual({ reply: 'D', topics: ['details'] });
    expect(replyTo('Where is the code, when do you need it done and what budget do you have?', answers).reply).toBe('T B C');
    expect(replyTo('How are you?', answers)).toEqual({ reply: PUZZLED_REPLY, topics: [] });
  });
});

describe('the case score', () => {
  it('counts a technology named in other words or more precisely, but not a pasted sentence', () => {
    expect(namesTechnology('PostgreSQL', 'Postgres')).toBe(true);
    expect(namesTechnology('Amazon ECS', 'ECS')).toBe(true);
    expect(namesTechnology('Vue.js', 'Vue')).toBe(true);
    expect(namesTechnology('JavaScript', 'Java')).toBe(false);
    expect(namesTechnology('our app runs on ECS in two regions today', 'ECS')).toBe(false);
  });

  it('counts a question about something already asked as repeated, and no proposal as a loop', () => {
    const turns = [
      question('q1', { topics: ['details'] }),
      question('q2', { topics: ['details', 'code'] }),
      question('q3', { topics: ['budget'] }),
    ];
    expect(scoreCase(testCase, turns, 3)).toMatchObject({ repeatedQuestions: 1, loop: true, turnsToProposal: null });
  });

  it('flags an AI tool reported as stack on any turn', () => {
    const turns = [
      question('q', { stack: ['Cursor', 'PostgreSQL'] }),
      { ...question('p', { stack: ['PostgreSQL', 'Amazon ECS'] }), kind: 'proposal' as const },
    ];
    expect(scoreCase(testCase, turns, 8)).toMatchObject({
      aiToolsAsStack: ['Cursor'],
      stackNamed: 2,
      turnsToProposal: 2,
      estimateStated: false,
    });
  });
});
