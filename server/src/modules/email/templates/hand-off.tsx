import { Text } from '@react-email/text';
import { EmailLayout, quoteStyle, textStyle, type EmailContent, type EmailContext } from './layout.tsx';

// The emails of the work with a human expert (docs/decisions/071-hand-off-emails.md). Links carry the
// conversation's or the task's id only: they sign nobody in.

/** The customer's way back to the conversation. */
const conversationLink = (context: EmailContext, conversationId: string) =>
  `${context.origin}/messages?conversation=${encodeURIComponent(conversationId)}`;

/** The expert's way to the task in the expert workspace. */
const taskLink = (context: EmailContext, taskId: string) => `${context.origin}/expert-queue?task=${encodeURIComponent(taskId)}`;

/** A message quoted in an email: at most this many characters, so the email stays a notice. */
const QUOTE_LENGTH = 1000;
const excerpt = (text: string) => (text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text);

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

/** To the customer when an expert's reply stayed unread for EMAIL_UNREAD_DELAY_SECONDS. */
export function expertReplyEmail(
  context: EmailContext,
  data: { customerName: string; expertName: string; taskTitle: string; conversationId: string; content: string },
): EmailContent {
  return {
    subject: `${data.expertName} replied: ${data.taskTitle}`,
    body: (
      <EmailLayout
        context={context}
        preview={`${data.expertName} wrote to you about “${data.taskTitle}”.`}
        heading={`${data.expertName} replied`}
        action={{ label: 'Reply in your conversation', href: conversationLink(context, data.conversationId) }}
        reason="You get this email because a human expert works on your task and you had not read their message."
      >
        <Text style={textStyle}>{`Hello ${data.customerName},`}</Text>
        <Text style={textStyle}>{`${data.expertName}, human expert, wrote about “${data.taskTitle}”:`}</Text>
        <Text style={quoteStyle}>{excerpt(data.content)}</Text>
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

/** To the expert holding a task when the customer's message stayed unread for EMAIL_UNREAD_DELAY_SECONDS. */
export function customerReplyEmail(
  context: EmailContext,
  data: { expertName: string; customerName: string; taskTitle: string; taskId: string; content: string },
): EmailContent {
  return {
    subject: `${data.customerName} wrote: ${data.taskTitle}`,
    body: (
      <EmailLayout
        context={context}
        preview={`${data.customerName} wrote about “${data.taskTitle}”.`}
        heading={`${data.customerName} wrote to you`}
        action={{ label: 'Open the task', href: taskLink(context, data.taskId) }}
        reason="You get this email because you hold this task and had not read the customer's message."
      >
        <Text style={textStyle}>{`Hello ${data.expertName},`}</Text>
        <Text style={textStyle}>{`${data.customerName} wrote about “${data.taskTitle}”:`}</Text>
        <Text style={quoteStyle}>{excerpt(data.content)}</Text>
      </EmailLayout>
    ),
  };
}
