import { TASK_SECTION_MARKER, type Message, type SenderRole } from '@unstuck/contract';
import type { messages } from '../../db/schema.ts';
import type { PublicIds } from '../users/participant-ids.ts';

type MessageRow = typeof messages.$inferSelect;

/** Agent ids start with `agent-` (docs/product.md "Entities" "senderType"). */
export const isAgentId = (id: string) => id.startsWith('agent-');

/**
 * Removes the staff-only part of an agent message: the task-section marker and all after it
 * (docs/product.md "Calls", "Agent messages have everything after the task-section marker stripped").
 */
export function stripTaskSection(content: string): string {
  const at = content.indexOf(TASK_SECTION_MARKER);
  return at === -1 ? content : content.slice(0, at).trimEnd();
}

/** Who wrote a stored message: an expert's reply says so; otherwise an `agent-` id is an agent. */
export const senderRoleOf = (row: Pick<MessageRow, 'senderId' | 'senderRole'>): SenderRole =>
  row.senderRole ?? (isAgentId(row.senderId) ? 'agent' : 'user');

/**
 * A stored message as its conversation's owner reads it (the API's message as read from the server):
 * the task section of agent messages stripped.
 */
export function toMessageView(row: MessageRow, audience: 'client'): Message {
  return view(row, audience, (id) => id);
}

/**
 * A stored message as staff and agents read it: the task section kept, and a guest named by its
 * participant id, never by its guest id (docs/decisions/021-participant-ids.md).
 * @param publicIds from `loadPublicIds` over the message's sender and recipient (see {@link peopleOf}).
 */
export function toStaffMessageView(row: MessageRow, publicIds: PublicIds): Message {
  return view(row, 'staff', publicIds);
}

/** The people a list of messages names: what `loadPublicIds` needs for {@link toStaffMessageView}. */
export const peopleOf = (rows: readonly Pick<MessageRow, 'senderId' | 'recipientId'>[]) =>
  rows.flatMap((row) => [row.senderId, row.recipientId]);

function view(row: MessageRow, audience: 'client' | 'staff', publicIds: PublicIds): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: publicIds(row.senderId),
    recipient_id: publicIds(row.recipientId),
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
