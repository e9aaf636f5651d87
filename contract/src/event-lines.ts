import type { TaskEvent } from './messages.ts';

// Event lines told to others than the customer, built from a line's `metadata.event`: the stored line
// speaks to the customer ("Eve, human expert, took your task"). The expert task view and the share page
// both read them from here.

/**
 * An event line as staff read it (the expert holding the task, an admin): the stored line speaks to
 * the customer ("Eve, human expert, took your task"), so staff get the same event in the third
 * person, built from the line's `metadata.event` (docs/product.md "Expert workspace"). Pure.
 * @param event the line's `metadata.event`; lines stored without one keep their own text.
 * @param customerName the conversation's customer, as staff views name them.
 * @returns the line to show, e.g. "Eve took the task", "Carol rated the work 5 out of 5".
 */
export function staffEventLine(event: TaskEvent, customerName: string): string {
  const expert = event.expert_name ?? 'An expert';
  switch (event.kind) {
    case 'assigned':
      return `${expert} took the task`;
    case 'reassigned':
      return `The task was handed to ${event.expert_name ?? 'another expert'}`;
    case 'unassigned':
      return 'The task is back with the expert team';
    case 'in_progress':
      return `${expert} is working on the task`;
    case 'waiting_on_customer':
      return `Waiting on ${customerName}'s answer`;
    case 'answered':
      return `${customerName} answered; the task is in progress again`;
    case 'done':
      return 'Marked done';
    case 'confirmed':
      return `${customerName} confirmed the work is done`;
    case 'reopened':
      return `${customerName} reopened the task`;
    case 'rated':
      return `${customerName} rated the work ${event.score ?? '?'} out of 5`;
    case 'payment':
      return 'The payment plan changed';
  }
}

/**
 * An event line as a share page shows it: the third-person line of {@link staffEventLine} with people
 * named by their role only ("An expert took the task", "The customer rated the work 5 out of 5"), as the
 * page names message senders (docs/product.md "Share link"). Pure.
 */
export function sharedEventLine(event: TaskEvent): string {
  const line = staffEventLine({ ...event, expert_name: null }, 'the customer');
  return line.charAt(0).toUpperCase() + line.slice(1);
}
