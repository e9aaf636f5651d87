import { withEmail, type NoticeContext, type PlannedEmail } from '../../email/email-notice.ts';
import { findTaskOfConversationWithPeople } from '../../tasks/tasks.service.ts';
import { personName } from '../../users/people.ts';
import { findMessage, listUnreadMessagesAfter } from '../chat.service.ts';
import { customerReplyEmail, expertReplyEmail } from './unread-reply.tsx';

/** Messages quoted in one digest at most; the rest are counted, and the next digest starts after the last quoted. */
const MOST_QUOTED = 30;

/** The topic of a person's unread digest of one conversation. */
export const unreadTopic = (conversationId: string) => `unread:${conversationId}`;

/**
 * The unread digest a message calls for when its delay (EMAIL_UNREAD_DELAY_SECONDS) ends
 * (docs/decisions/086-email-digests.md): to the customer for an expert's message, to the expert
 * holding the task for the customer's. It quotes, oldest first, every message of that side the
 * recipient has still not read and no earlier digest quoted. None when the message was read, was
 * quoted already, or the recipient has no address; the digest's key names its first message, and its
 * step moves the recipient's mark of the conversation past its last.
 * @param to which side the message was written to.
 */
export async function planUnreadDigest(context: NoticeContext, messageId: string, to: 'customer' | 'expert'): Promise<PlannedEmail[]> {
  const { db } = context;
  const message = await findMessage(db, messageId);
  if (!message || message.read) return [];
  const found = await findTaskOfConversationWithPeople(db, message.conversationId);
  if (!found) return [];
  const { task, owner, assignee } = found;
  const recipient = to === 'customer' ? owner : assignee;
  const fromTheirSide = to === 'customer' ? message.senderRole === 'expert' : message.senderId === task.userId;
  if (!recipient || !fromTheirSide || !withEmail(recipient)) return [];
  const topic = unreadTopic(task.conversationId);
  const mark = await context.digestMark(recipient.id, topic);
  if (mark.throughSeq !== null && mark.throughSeq >= message.seq) return [];
  const unread = await listUnreadMessagesAfter(db, {
    conversationId: task.conversationId,
    from: to === 'customer' ? 'experts' : { senderId: task.userId },
    afterSeq: mark.throughSeq ?? 0,
    limit: MOST_QUOTED + 1,
  });
  const quoted = unread.slice(0, MOST_QUOTED);
  const [first] = quoted;
  const last = quoted.at(-1);
  if (!first || !last) return [];
  const messages = quoted.map((one) => ({ content: one.content, attachmentNames: one.attachments.map((file) => file.file_name) }));
  const more = unread.length - quoted.length;
  const template = to === 'customer' ? 'expert-reply' : 'customer-reply';
  return [
    {
      recipient,
      template,
      key: `${topic}:${first.id}:${template}:${recipient.id}`,
      digest: { topic, from: mark.version, throughSeq: last.seq, throughAt: null },
      conversationId: task.conversationId,
      write: (context) =>
        to === 'customer'
          ? expertReplyEmail(context, {
              customerName: personName(owner),
              expertName: last.senderName ?? 'Your expert',
              taskTitle: task.title,
              conversationId: task.conversationId,
              messages,
              more,
            })
          : customerReplyEmail(context, {
              expertName: personName(recipient),
              customerName: personName(owner),
              taskTitle: task.title,
              taskId: task.id,
              messages,
              more,
            }),
    },
  ];
}
