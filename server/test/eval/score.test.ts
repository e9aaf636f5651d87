import { describe, expect, it } from 'vitest';
import { namesTechnology, scoreCase, type ObservedTurn } from '../../eval/intake/score.ts';
import { PUZZLED_REPLY, replyTo, topicsAsked } from '../../eval/intake/simulated-person.ts';

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

  it('hears a question about the technologies, answered with the details, and tells where-is-the-code from code size', () => {
    expect(replyTo('Which framework and database does it use?', answers)).toEqual({ reply: 'D', topics: ['stack'] });
    expect(topicsAsked('How big is the code to review (roughly how many lines)?')).toEqual(['details']);
    expect(topicsAsked('Where is the code: a repository, files, or nothing built yet?')).toEqual(['code']);
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

  it('puts an estimate inside the envelope only when both ends are', () => {
    const proposal = (hoursLow: number, hoursHigh: number): ObservedTurn => ({
      ...question('p'),
      kind: 'proposal',
      estimate: { hoursLow, hoursHigh, priceLow: 0, priceHigh: 0, currency: 'USD' },
    });
    const withEnvelope = { ...testCase, envelope: { min_hours: 2, max_hours: 10 } };
    expect(scoreCase(withEnvelope, [proposal(2, 10)], 8).insideEnvelope).toBe(true);
    expect(scoreCase(withEnvelope, [proposal(4, 12)], 8).insideEnvelope).toBe(false);
    expect(scoreCase(withEnvelope, [proposal(1, 6)], 8).insideEnvelope).toBe(false);
    expect(scoreCase(testCase, [proposal(1, 6)], 8)).toMatchObject({ envelope: null, insideEnvelope: null });
  });

  it('counts a question about something told up front or answered before as asked though told', () => {
    const told = { ...testCase, told: ['deadline' as const] };
    const turns = [
      question('q1', { topics: ['stack', 'details'] }),
      question('q2', { topics: ['code', 'deadline'] }),
      question('q3', { topics: ['code'] }),
    ];
    // The stack was named in the first message, the deadline given, the code answered at q2.
    expect(scoreCase(told, turns, 8).askedTold).toEqual(['stack', 'deadline', 'code']);
    const zip = { ...testCase, stack: [], attachment: { file_name: 'app.zip', files: 3, lines: 90, languages: ['Python'] } };
    expect(scoreCase(zip, [question('q', { topics: ['code'] })], 8).askedTold).toEqual(['code']);
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
