import { Text } from '@react-email/text';
import { EmailLayout, textStyle, type EmailContent, type EmailContext } from '../../email/templates/layout.tsx';
import { conversationLink } from '../../email/templates/links.ts';

// The customer's receipt for money received or refunded (docs/decisions/093-payments.md).

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
        action={{ label: 'Open your conversation', href: conversationLink(context, data.conversationId) }}
        reason="You get this email because you paid for work on a task."
      >
        <Text style={textStyle}>{`Hello ${data.customerName},`}</Text>
        <Text style={textStyle}>{`${line} for your task “${data.taskTitle}” on ${data.date}.`}</Text>
      </EmailLayout>
    ),
  };
}
