import { Text } from '@react-email/text';
import { formatMinorUnits } from '@unstuck/contract';
import type { Db } from '../../db/client.ts';
import { withEmail, type PlannedEmail } from '../email/planned-email.ts';
import { EmailLayout, textStyle, type EmailContext, type EmailContent } from '../email/templates/layout.tsx';
import { findTaskWithPeople } from '../tasks/tasks.service.ts';
import { personName } from '../users/people.ts';
import { findEntry } from './payments.repository.ts';

// The customer's receipt for money received or refunded (docs/decisions/093-payments.md). Planned here, sent
// by the email module through the planner deps.ts gives it (EmailDeps `paymentReceipt`).

const WHAT = { deposit: 'deposit', balance: 'balance', refund: 'refund' } as const;

/** The receipt: what was paid (or refunded), how much, for which task, and the way back to the conversation. */
export function paymentReceiptEmail(
  context: EmailContext,
  data: { customerName: string; taskTitle: string; conversationId: string; what: string; amount: string; refund: boolean; date: string },
): EmailContent {
  const line = data.refund ? `${data.amount} was refunded to you` : `We received your ${data.what} of ${data.amount}`;
  return {
    subject: `${data.refund ? 'Refund' : 'Receipt'}: ${data.amount} for ${data.taskTitle}`,
    body: (
      <EmailLayout
        context={context}
        preview={`${line} for “${data.taskTitle}”.`}
        heading={data.refund ? 'Your refund' : 'Your receipt'}
        action={{
          label: 'Open your conversation',
          href: `${context.origin}/messages?conversation=${encodeURIComponent(data.conversationId)}`,
        }}
        reason="You get this email because you paid for work on a task."
      >
        <Text style={textStyle}>{`Hello ${data.customerName},`}</Text>
        <Text style={textStyle}>{`${line} for your task “${data.taskTitle}” on ${data.date}.`}</Text>
      </EmailLayout>
    ),
  };
}

/** The receipt a ledger entry calls for: none for a waiver, a deleted task, or a customer without an email address. */
export async function planPaymentReceipt(db: Db, entryId: string): Promise<PlannedEmail[]> {
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
}
