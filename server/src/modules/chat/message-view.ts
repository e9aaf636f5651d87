import { TASK_SECTION_MARKER, type Message, type SenderRole } from '@unstuck/contract';
import type { messages } from '../../db/schema.ts';

type MessageRow = typeof messages.$inferSelect;

/** Agent ids start with `agent-` (spec §3 "senderType"). */
export const isAgentId = (id: string) => id.startsWith('agent-');

/**
 * Removes the staff-only part of an agent message: the task-section marker and all after it
 * (spec §7, "Agent messages have everything after the task-section marker stripped").
 */
export function stripTaskSection(content: string): string {
  const at = content.indexOf(TASK_SECTION_MARKER);
  return at === -1 ? content : content.slice(0, at).trimEnd();
}

/** Who wrote a stored message: an expert's reply says so; otherwise an `agent-` id is an agent. */
export const senderRoleOf = (row: Pick<MessageRow, 'senderId' | 'senderRole'>): SenderRole =>
  row.senderRole ?? (isAgentId(row.senderId) ? 'agent' : 'user');

/**
 * A stored message as the API returns it (spec §3 "Message as read from the server").
 * @param audience `client` strips the task section of agent messages; `staff` keeps it.
 */
export function toMessageView(row: MessageRow, audience: 'client' | 'staff'): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    recipient_id: row.recipientId,
    sender_role: senderRoleOf(row),
    sender_name: row.senderName,
    content: audience === 'client' && isAgentId(row.senderId) ? stripTaskSection(row.content) : row.content,
    type: row.type,
    read: row.read,
    moderationStatus: row.moderationStatus,
    created_at: row.createdAt.toISOString(),
    attachments: row.attachments,
    metadata: row.metadata,
    reply_to_message_id: row.replyToMessageId,
  };
}
