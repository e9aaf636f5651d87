import { describe, expect, it } from 'vitest';
import { extractDeadline, extractDeadlineFromMessage } from '../../../src/modules/agent/intake/extract-deadline.ts';

describe('deadline extraction', () => {
  it.each([
    ['I need it by next Friday', 'by next Friday'],
    ['Could it be done within 2 weeks?', 'within 2 weeks'],
    ['We go live on June 3rd', 'June 3rd'],
    ['deadline is March 15, budget $400', 'March 15'],
    ['it has to be ready before the end of the month', 'before the end of the month'],
    ['in 3 days if possible', 'in 3 days'],
    ['I need it live by the 15th', 'by the 15th'],
    ['It must be done by end of Q2', 'by end of Q2'],
    ['today, $200', 'today'],
    ['we need it done today', 'today'],
  ])('keeps the phrase of %j', (message, text) => {
    expect(extractDeadlineFromMessage(message)).toEqual({ text, urgent: false });
  });

  it('reads urgency words as an urgent deadline', () => {
    expect(extractDeadlineFromMessage('I need this fixed ASAP')).toEqual({ text: 'ASAP', urgent: true });
    expect(extractDeadlineFromMessage('It is urgent, customers are waiting')).toEqual({ text: 'urgent', urgent: true });
    expect(extractDeadlineFromMessage('urgent: needed by tomorrow')).toEqual({ text: 'by tomorrow', urgent: true });
  });

  it('records a flexible timeline as an answer', () => {
    expect(extractDeadlineFromMessage('no rush, whenever you can')).toEqual({ text: 'flexible (no rush)', urgent: false });
  });

  it('ignores dates that say when something happened or are not due dates', () => {
    expect(extractDeadlineFromMessage('It broke yesterday after the deploy')).toBeNull();
    expect(extractDeadlineFromMessage('since last week the login fails')).toBeNull();
    expect(extractDeadlineFromMessage('at 5 users it crashes')).toBeNull();
    expect(extractDeadlineFromMessage('the import takes 2 hours')).toBeNull();
    expect(extractDeadlineFromMessage('I need to fix what broke on Monday')).toBeNull();
    expect(extractDeadlineFromMessage('It has email login today with Passport')).toBeNull();
    expect(extractDeadlineFromMessage('It broke today after the deploy')).toBeNull();
  });

  it('takes the deadline of the latest message that states one', () => {
    expect(extractDeadline(['by Friday please', 'React and Node', 'actually within 2 weeks is fine'])?.text).toBe('within 2 weeks');
  });
});
