import { formatMinorUnits } from '@unstuck/contract';
import { z } from 'zod';
import { defineEmailNotice, withEmail } from '../../email/email-notice.ts';
import { findTaskWithPeople } from '../../tasks/tasks.service.ts';
import { personName } from '../../users/people.ts';
import { findEntry } from '../payments.repository.ts';
import { paymentReceiptEmail } from './receipt.tsx';

const receivedEvent = z.object({ entryId: z.string() });

declare module '../../../lib/email-event.ts' {
  interface EmailEventTypes {
    /** Money received or refunded on a task (a payment ledger entry): its customer gets a receipt (docs/decisions/093-payments.md). */
    payment_received: z.input<typeof receivedEvent>;
  }
}

const WHAT = { deposit: 'deposit', balance: 'balance', refund: 'refund' } as const;

/** The receipt a ledger entry calls for: none for a waiver, a deleted task, or a customer without an email address. */
const paymentReceived = defineEmailNotice({
  type: 'payment_received',
  payload: receivedEvent,
  async plan({ db }, { entryId }) {
    const entry = await findEntry(db, entryId);
    if (!entry || entry.kind === 'waiver') return [];
    const found = await findTaskWithPeople(db, entry.taskId);
    if (!found || !withEmail(found.owner)) return [];
    const { task, owner } = found;
    return [
      {
        recipient: owner,
        template: 'payment-receipt',
        conversationId: task.conversationId,
        write: (context) =>
          paymentReceiptEmail(context, {
            customerName: personName(owner),
            taskTitle: task.title,
            conversationId: task.conversationId,
            what: WHAT[entry.kind as keyof typeof WHAT],
            amount: formatMinorUnits(entry.amountMinor, entry.currency),
            refund: entry.kind === 'refund',
            date: entry.createdAt.toISOString().slice(0, 10),
          }),
      },
    ];
  },
});

/** The emails of payments, registered by deps.ts. */
export const paymentEmailNotices = [paymentReceived];
