import { Text } from '@react-email/text';
import { EmailLayout, textStyle, type EmailContent, type EmailContext } from '../../email/templates/layout.tsx';
import { conversationLink } from '../../email/templates/links.ts';

/**
 * To the customer when they accept a proposal: what happens next, and the way back to their
 * conversation (by its id only: the link signs nobody in).
 */
export function proposalAcceptedEmail(
  context: EmailContext,
  data: { customerName: string; taskTitle: string; conversationId: string },
): EmailContent {
  const href = conversationLink(context, data.conversationId);
  return {
    subject: `Your proposal is accepted: ${data.taskTitle}`,
    body: (
      <EmailLayout
        context={context}
        preview={`Our experts have your task “${data.taskTitle}”.`}
        heading="Your proposal is accepted"
        action={{ label: 'Open your conversation', href }}
        reason="You get this email because you accepted a proposal."
      >
        <Text style={textStyle}>{`Hello ${data.customerName},`}</Text>
        <Text style={textStyle}>{`Thank you. Your task “${data.taskTitle}” is now with our human experts. What happens next:`}</Text>
        <Text style={textStyle}>
          1. An expert whose skills fit your stack reads the brief and your conversation, and takes the task.
          <br />
          2. They write to you in the same conversation, to introduce themselves or to ask for what they need, such as access to your code.
          <br />
          3. We email you when there is news. You can always open the conversation to see where things stand.
        </Text>
      </EmailLayout>
    ),
  };
}
