// The realtime module's public face (docs/decisions/054-server-sent-events.md, "The realtime module"):
// the conversation cache and its change notifications, the agent's drafts, and the conversation event
// streams with their shared reads. Other modules import from here only.
export { ConversationCache } from './conversation-cache.ts';
export { ConversationDrafts, type DraftPublisher } from './conversation-drafts.ts';
export { createConversationStreams, parseLastEventId, type StreamedMessage } from './event-stream.ts';
