import { useRef, useState } from 'react';
import { useConversation } from '../hooks/use-conversation.ts';
import { useFollowConversation } from '../hooks/use-follow-conversation.ts';
import { ConversationDock, ConversationModals } from './conversation-dock.tsx';
import { ConversationMessages } from './conversation-messages.tsx';
import { NewMessagesPill } from './live-notices.tsx';

/**
 * One of the signed-in user's conversations on the Messages page: the home page's message list,
 * proposal actions, typing indicator and composer, on the chat's own state machine, so the user
 * continues it exactly as on the home page. The messages scroll on their own, above the composer;
 * the thread opens at the first of its `unread` messages, or at the newest. Mount it with
 * `key={conversationId}`.
 */
export function ConversationThread({ conversationId, unread }: { conversationId: string; unread: number }) {
  const controls = useConversation(conversationId);
  const { chat } = controls;
  // Reading the thread marks it read: what was unread when it opened decides where it opens.
  const [unreadAtOpen] = useState(unread);

  const lastId = chat.messages.at(-1)?.id;

  const thinking = chat.pageState !== 'idle';
  const scroller = useRef<HTMLDivElement>(null);
  const fromOthers = chat.messages.filter((m) => m.senderType !== 'user');
  const firstUnreadId = unreadAtOpen > 0 ? (fromOthers.at(-unreadAtOpen)?.id ?? null) : null;
  const follow = useFollowConversation(scroller, chat.messages.length > 0, {
    trigger: `${chat.messages.length}:${lastId}:${thinking}:${chat.draft !== null}:${controls.task?.status}`,
    firstUnreadId,
    ownNewest: chat.messages.at(-1)?.senderType === 'user',
  });

  return (
    <section className="thread" aria-label="Conversation thread">
      <div className="thread__messages" ref={scroller}>
        <div className="thread__content">
          <ConversationMessages controls={controls} />
        </div>
      </div>
      <div className="thread__dock">
        <NewMessagesPill visible={follow.newBelow} onShow={follow.showNewest} />
        <ConversationDock
          controls={controls}
          placeholder={chat.limitReached ? 'Message limit reached. Start a new conversation.' : 'Type your reply...'}
        />
      </div>
      <ConversationModals controls={controls} />
    </section>
  );
}
