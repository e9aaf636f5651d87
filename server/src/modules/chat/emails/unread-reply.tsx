import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { EmailLayout, quoteStyle, textStyle, type EmailContent, type EmailContext } from '../../email/templates/layout.tsx';
import { conversationLink } from '../../email/templates/links.ts';
import { Lines } from '../../email/templates/text-blocks.tsx';

// The unread digests of a conversation with a human expert (docs/decisions/071-hand-off-emails.md,
// docs/decisions/086-email-digests.md), this module's notices (./notices.ts). Links carry the
// conversation's or the task's id only: they sign nobody in.

/** The expert's way to the task in the expert workspace. */
const taskLink = (context: EmailContext, taskId: string) => `${context.origin}/expert-queue?task=${encodeURIComponent(taskId)}`;

/** A message quoted in an email: at most this many characters, so the email stays a notice. */
const QUOTE_LENGTH = 1000;
const excerpt = (text: string) => (text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text);

/** One unread message quoted in a digest: its words and the names of its attachments. */
export interface QuotedMessage {
  content: string;
  attachmentNames: string[];
}

/** The quoted messages of an unread digest, in the order they were written, each in its own block. */
function QuotedMessages(props: { messages: readonly QuotedMessage[]; more: number }) {
  return (
    <>
      {props.messages.map((message, i) => (
        <Section key={i}>
          {message.content ? <Lines text={excerpt(message.content)} style={quoteStyle} /> : null}
          {message.attachmentNames.length > 0 ? (
            <Text style={{ ...textStyle, margin: '0 0 12px' }}>{`Attached: ${message.attachmentNames.join(', ')}`}</Text>
          ) : null}
        </Section>
      ))}
      {props.more > 0 ? <Text style={textStyle}>{`…and ${props.more} more in the conversation.`}</Text> : null}
    </>
  );
}

/** "replied" for one message, "sent 3 messages" for more. */
const wrote = (count: number, one: string) => (count === 1 ? one : `sent ${count} messages`);

/**
 * To the customer when an expert's messages stayed unread for EMAIL_UNREAD_DELAY_SECONDS: one digest per
 * conversation and window quoting each unread message in order (docs/decisions/086-email-digests.md).
 * `more` counts unread messages left out of the quote.
 */
export function expertReplyEmail(
  context: EmailContext,
  data: {
    customerName: string;
    expertName: string;
    taskTitle: string;
    conversationId: string;
    messages: readonly QuotedMessage[];
    more: number;
  },
): EmailContent {
  const count = data.messages.length + data.more;
  return {
    subject: `${data.expertName} ${wrote(count, 'replied')}: ${data.taskTitle}`,
    body: (
      <EmailLayout
        context={context}
        preview={`${data.expertName} wrote to you about “${data.taskTitle}”.`}
        heading={`${data.expertName} ${wrote(count, 'replied')}`}
        action={{ label: 'Reply in your conversation', href: conversationLink(context, data.conversationId) }}
        reason="You get this email because a human expert works on your task and you had not read their messages."
      >
        <Text style={textStyle}>{`Hello ${data.customerName},`}</Text>
        <Text style={textStyle}>{`${data.expertName}, human expert, wrote about “${data.taskTitle}”:`}</Text>
        <QuotedMessages messages={data.messages} more={data.more} />
      </EmailLayout>
    ),
  };
}

/**
 * To the expert holding a task when the customer's messages stayed unread for EMAIL_UNREAD_DELAY_SECONDS:
 * one digest per conversation and window, as {@link expertReplyEmail}.
 */
export function customerReplyEmail(
  context: EmailContext,
  data: { expertName: string; customerName: string; taskTitle: string; taskId: string; messages: readonly QuotedMessage[]; more: number },
): EmailContent {
  const count = data.messages.length + data.more;
  return {
    subject: `${data.customerName} ${wrote(count, 'wrote')}: ${data.taskTitle}`,
    body: (
      <EmailLayout
        context={context}
        preview={`${data.customerName} wrote about “${data.taskTitle}”.`}
        heading={count === 1 ? `${data.customerName} wrote to you` : `${data.customerName} sent you ${count} messages`}
        action={{ label: 'Open the task', href: taskLink(context, data.taskId) }}
        reason="You get this email because you hold this task and had not read the customer's messages."
      >
        <Text style={textStyle}>{`Hello ${data.expertName},`}</Text>
        <Text style={textStyle}>{`${data.customerName} wrote about “${data.taskTitle}”:`}</Text>
        <QuotedMessages messages={data.messages} more={data.more} />
      </EmailLayout>
    ),
  };
}
