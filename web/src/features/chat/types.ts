import type { Message, MessageMetadata, SenderRole } from '@unstuck/contract';

export type PageState = 'idle' | 'agent_thinking' | 'waiting_for_agent';

export interface ChatAttachment {
  url: string;
  name: string;
  contentType: string;
  size: number | null;
}

/** A message as the chat shows it (docs/product.md "Entities" "Message as built by the client"). */
export interface ChatMessage {
  id: string;
  content: string;
  senderId: string;
  /**
   * `expert`: a human expert replying after the hand-off, shown by name apart from the AI; `system`:
   * an event line of the task ("Eve, human expert, took your task").
   */
  senderType: SenderRole;
  /** The expert's name on an expert's message; null otherwise. */
  senderName: string | null;
  conversationId: string | null;
  timestamp: string;
  /** `pending` for the optimistic copy of a message being sent. */
  moderationStatus: string;
  attachments: ChatAttachment[];
  metadata: MessageMetadata;
  replyToMessageId: string | null;
}

/** A file chosen in the composer, not yet sent. */
export interface PendingAttachment {
  id: string;
  file: File;
  /** Object URL for images, null for other files. */
  previewUrl: string | null;
  /** Why it cannot be sent (lib/file-checks.ts), shown beside it; null when it can. */
  problem: string | null;
}

/** A message as the server sends it, turned into the client's shape (docs/product.md "Entities" "Message as built by the client"). */
export function fromServerMessage(message: Message): ChatMessage {
  return {
    id: message.id,
    content: message.content,
    senderId: message.sender_id,
    senderType: message.sender_role,
    senderName: message.sender_name,
    conversationId: message.conversation_id,
    timestamp: message.created_at,
    moderationStatus: message.moderationStatus,
    attachments: message.attachments.map((a) => ({
      url: a.url,
      name: a.file_name,
      contentType: a.content_type,
      size: a.size,
    })),
    metadata: message.metadata,
    replyToMessageId: message.reply_to_message_id,
  };
}
