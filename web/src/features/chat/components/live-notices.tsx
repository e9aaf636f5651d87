import { ChevronDownIcon } from '../../../components/icons.tsx';

/**
 * Above the composer, for a reader who scrolled up while something new arrived below: a button that
 * scrolls to it (useFollowConversation's `newBelow` and `showNewest`).
 */
export function NewMessagesPill({ visible, onShow }: { visible: boolean; onShow: () => void }) {
  if (!visible) return null;
  return (
    <button type="button" className="button button--primary button--small new-messages" onClick={onShow}>
      <ChevronDownIcon width={16} height={16} aria-hidden="true" />
      New messages
    </button>
  );
}

/**
 * While the conversation's event stream is down (server restarting, network lost): new messages
 * wait until it is back, when the ones missed meanwhile are read at once.
 */
export function ReconnectingNotice({ visible }: { visible: boolean }) {
  return (
    <p className="banner banner--warning live-status" role="status" hidden={!visible}>
      Reconnecting… New messages will show once the connection is back.
    </p>
  );
}

/** While a stored conversation's messages, or the code that shows them, are on their way. */
export function LoadingConversation() {
  return (
    <p className="chat__loading" role="status">
      Loading your conversation…
    </p>
  );
}
