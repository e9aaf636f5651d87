import { describe, expect, it } from 'vitest';
import { sharedEventLine, staffEventLine } from './event-lines.ts';
import { taskEventKindSchema, type TaskEvent } from './messages.ts';

const event = (kind: TaskEvent['kind'], expertName: string | null = 'Eve', score: number | null = null): TaskEvent => ({
  kind,
  status: 'IN_PROGRESS',
  expert_name: expertName,
  score,
});

describe('staffEventLine', () => {
  it('tells each event to staff in the third person, naming the customer and the expert', () => {
    expect(staffEventLine(event('assigned'), 'Carol')).toBe('Eve took the task');
    expect(staffEventLine(event('reassigned'), 'Carol')).toBe('The task was handed to Eve');
    expect(staffEventLine(event('unassigned', null), 'Carol')).toBe('The task is back with the expert team');
    expect(staffEventLine(event('waiting_on_customer'), 'Carol')).toBe("Waiting on Carol's answer");
    expect(staffEventLine(event('answered'), 'Carol')).toBe('Carol answered; the task is in progress again');
    expect(staffEventLine(event('rated', 'Eve', 5), 'Carol')).toBe('Carol rated the work 5 out of 5');
  });

  it('has a line for every kind of event, none of them addressed to the customer', () => {
    for (const kind of taskEventKindSchema.options) {
      const line = staffEventLine(event(kind), 'Carol');
      expect(line).not.toBe('');
      expect(line).not.toMatch(/\byour?\b/i);
    }
  });

  it('names nobody it does not know', () => {
    expect(staffEventLine(event('assigned', null), 'Carol')).toBe('An expert took the task');
    expect(staffEventLine(event('reassigned', null), 'Carol')).toBe('The task was handed to another expert');
  });
});

describe('sharedEventLine', () => {
  it('names people by role only, as a sentence', () => {
    expect(sharedEventLine(event('assigned'))).toBe('An expert took the task');
    expect(sharedEventLine(event('reassigned'))).toBe('The task was handed to another expert');
    expect(sharedEventLine(event('waiting_on_customer'))).toBe("Waiting on the customer's answer");
    expect(sharedEventLine(event('rated', 'Eve', 4))).toBe('The customer rated the work 4 out of 5');
    for (const kind of taskEventKindSchema.options) expect(sharedEventLine(event(kind))).not.toMatch(/Eve|Carol|\byour?\b/i);
  });
});
