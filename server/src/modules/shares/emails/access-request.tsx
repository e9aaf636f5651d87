import { Text } from '@react-email/text';
import { EmailLayout, quoteStyle, textStyle, type EmailContent, type EmailContext } from '../../email/templates/layout.tsx';

/**
 * To admins when someone asks for access on a share page (an expired or revoked link): who, their
 * message as they wrote it, and the way to the tasks in the admin area.
 */
export function accessRequestEmail(
  context: EmailContext,
  data: { requesterName: string; requesterEmail: string; message: string; taskTitle: string },
): EmailContent {
  return {
    subject: `Access request for “${data.taskTitle}”`,
    body: (
      <EmailLayout
        context={context}
        preview={`${data.requesterName} asks for access to a shared task.`}
        heading="Someone asks for access to a shared task"
        action={{ label: 'Open the tasks', href: `${context.origin}/admin/tasks` }}
        reason="You get this email because you are an admin."
      >
        <Text
          style={textStyle}
        >{`${data.requesterName} (${data.requesterEmail}) asks for access to “${data.taskTitle}” from its share page:`}</Text>
        <Text style={quoteStyle}>{data.message}</Text>
        <Text style={textStyle}>Their request is listed under the task in the admin area, where you can share a new link.</Text>
      </EmailLayout>
    ),
  };
}
