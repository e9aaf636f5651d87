import { Text } from '@react-email/text';
import { EmailLayout, textStyle, type EmailContent, type EmailContext } from '../../email/templates/layout.tsx';
import { conversationLink } from '../../email/templates/links.ts';

// The emails of an expert's work on a task (docs/decisions/071-hand-off-emails.md), this module's
// notices (./notices.ts).

/** To the customer when an expert takes their task (or an admin gives it to one): who. */
export function taskAssignedEmail(
  context: EmailContext,
  data: { customerName: string; expertName: string; taskTitle: string; conversationId: string },
): EmailContent {
  return {
    subject: `${data.expertName} is on your task: ${data.taskTitle}`,
    body: (
      <EmailLayout
        context={context}
        preview={`${data.expertName}, human expert, took “${data.taskTitle}”.`}
        heading="A human expert took your task"
        action={{ label: 'Open your conversation', href: conversationLink(context, data.conversationId) }}
        reason="You get this email because you accepted a proposal."
      >
        <Text style={textStyle}>{`Hello ${data.customerName},`}</Text>
        <Text
          style={textStyle}
        >{`${data.expertName}, human expert, took your task “${data.taskTitle}”. They will write to you in your conversation.`}</Text>
      </EmailLayout>
    ),
  };
}

/** To the customer when the expert marks their task done: confirm, reopen or rate. */
export function taskDoneEmail(
  context: EmailContext,
  data: { customerName: string; expertName: string | null; taskTitle: string; conversationId: string },
): EmailContent {
  return {
    subject: `Marked done: ${data.taskTitle}`,
    body: (
      <EmailLayout
        context={context}
        preview={`“${data.taskTitle}” is marked done.`}
        heading="Your task is marked done"
        action={{ label: 'Confirm or reopen', href: conversationLink(context, data.conversationId) }}
        reason="You get this email because a human expert worked on your task."
      >
        <Text style={textStyle}>{`Hello ${data.customerName},`}</Text>
        <Text
          style={textStyle}
        >{`${data.expertName ?? 'Your expert'} marked “${data.taskTitle}” done. Please confirm the work, or reopen the task if something is missing. You can also rate the work.`}</Text>
      </EmailLayout>
    ),
  };
}
