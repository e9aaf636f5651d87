import { Text } from '@react-email/text';
import { EmailLayout, textStyle, type EmailContent, type EmailContext } from '../../email/templates/layout.tsx';

const REASON = 'You get this email because you asked for access to a shared task.';

/** When a link expires, in US format and UTC (the recipient's time zone is unknown), e.g. "Nov 22, 2026, 3:04 PM UTC". */
const expiryText = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
    .format(new Date(iso))
    .replace(/\u202f/g, ' ') + ' UTC';

/** To someone whose access request an admin approved: the new share link and until when it works. */
export function accessApprovedEmail(
  context: EmailContext,
  data: { requesterName: string; taskTitle: string; shareUrl: string; expiresAt: string },
): EmailContent {
  return {
    subject: `Your access to “${data.taskTitle}”`,
    body: (
      <EmailLayout
        context={context}
        preview={`A new link to “${data.taskTitle}”.`}
        heading="Your access request is approved"
        action={{ label: 'Open the shared task', href: data.shareUrl }}
        reason={REASON}
      >
        <Text style={textStyle}>{`Hello ${data.requesterName},`}</Text>
        <Text style={textStyle}>
          {`You asked for access to “${data.taskTitle}”. Here is a new link to it; it works until ${expiryText(data.expiresAt)}. Anyone with the link can read the task, so please keep it to yourself.`}
        </Text>
      </EmailLayout>
    ),
  };
}

/** To someone whose access request an admin declined: a short, polite note. */
export function accessDeclinedEmail(context: EmailContext, data: { requesterName: string; taskTitle: string }): EmailContent {
  return {
    subject: `Your access request for “${data.taskTitle}”`,
    body: (
      <EmailLayout
        context={context}
        preview="Your access request was not approved."
        heading="Your access request was not approved"
        action={{ label: `Visit ${context.productName}`, href: context.origin }}
        reason={REASON}
      >
        <Text style={textStyle}>{`Hello ${data.requesterName},`}</Text>
        <Text style={textStyle}>
          {`Thank you for your interest in “${data.taskTitle}”. We cannot give you access to it this time. If you think this is a mistake, please ask the person who shared the link with you.`}
        </Text>
      </EmailLayout>
    ),
  };
}
