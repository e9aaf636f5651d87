import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { inboxQueryKey } from '../../../lib/inbox.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { useFollowConversation } from '../hooks/use-follow-conversation.ts';
import { ConversationDock, ConversationModals } from './conversation-dock.tsx';
import { ConversationMessages } from './conversation-messages.tsx';

/**
 * One of the signed-in user's conversations on the Messages page: the home page's message list,
 * proposal actions, typing indicator and composer, on the chat's own state machine, so the user
 * continues it exactly as on the home page. Mount it with `key={conversationId}`.
 */
export function ConversationThread({ conversationId }: { conversationId: string }) {
  const queryClient = useQueryClient();
  const controls = useConversation(conversationId);
  const { chat } = controls;

  // Each fetch of the thread marks it read on the server: the list's counts follow.
  const lastId = chat.messages.at(-1)?.id;
  useEffect(() => {
    if (lastId) void queryClient.invalidateQueries({ queryKey: inboxQueryKey });
  }, [lastId, queryClient]);

  const thinking = chat.pageState !== 'idle';
  const threadRef = useRef<HTMLElement>(null);
  useFollowConversation(threadRef, true, `${chat.messages.length}:${lastId}:${thinking}:${chat.draft !== null}`);

  return (
    <section className="thread" aria-label="Conversation thread" ref={threadRef}>
      <div className="thread__messages">
        <ConversationMessages controls={controls} />
      </div>
      <div className="thread__dock">
        <ConversationDock
          controls={controls}
          placeholder={chat.limitReached ? 'Message limit reached. Start a new conversation.' : 'Type your reply...'}
        />
      </div>
      <ConversationModals controls={controls} />
    </section>
  );
}
