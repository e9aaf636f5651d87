import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

/** How close to the end still counts as "at the end", px. */
const AT_END_SLACK = 96;

/** The element id of a message's bubble (MessageBubble), for scrolling to it. */
export const messageElementId = (messageId: string) => `message-${messageId}`;

export interface FollowOptions {
  /** Changes when something new shows at the end (a message, the typing indicator, a prompt). */
  trigger: unknown;
  /** Where a conversation opens: its first unread message; null opens it at the newest. */
  firstUnreadId?: string | null;
}

/**
 * Keeps the newest message in view, in `scroller` (Messages: the thread scrolls on its own) or the
 * page (null: the home chat, whose composer dock is sticky):
 * - the first time it is active, it opens at `firstUnreadId`'s message, else at the end;
 * - whenever `trigger` changes later, it jumps to the end;
 * - when the conversation grows by itself (an image or the Markdown renderer loaded) and the reader
 *   was at the end, it stays there; a reader who scrolled up to read is left alone.
 */
export function useFollowConversation(
  scroller: RefObject<HTMLElement | null> | null,
  active: boolean,
  { trigger, firstUnreadId = null }: FollowOptions,
) {
  const atEnd = useRef(true);
  const placed = useRef(false);

  useEffect(() => {
    if (!active) return;
    const box = scroller?.current ?? null;
    const end = () => (box ? box.scrollHeight : document.documentElement.scrollHeight);
    const scrollToEnd = () => (box ?? window).scrollTo({ top: end() });
    const onScroll = () => {
      const bottom = box ? box.scrollTop + box.clientHeight : window.innerHeight + window.scrollY;
      atEnd.current = bottom >= end() - AT_END_SLACK;
    };
    const observer = new ResizeObserver(() => {
      if (atEnd.current) scrollToEnd();
    });
    const content = box ? box.firstElementChild : document.body;
    if (content) observer.observe(content);
    const target: HTMLElement | Window = box ?? window;
    target.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      target.removeEventListener('scroll', onScroll);
    };
  }, [active, scroller]);

  // Where to go as something new shows: the first unread message the first time, the end after.
  const follow = useEffectEvent(() => {
    const box = scroller?.current ?? null;
    if (!placed.current) {
      placed.current = true;
      const first = firstUnreadId ? document.getElementById(messageElementId(firstUnreadId)) : null;
      if (first) {
        atEnd.current = false;
        first.scrollIntoView({ block: 'start' });
        return;
      }
    }
    atEnd.current = true;
    (box ?? window).scrollTo({ top: box ? box.scrollHeight : document.documentElement.scrollHeight });
  });
  useEffect(() => {
    if (active) follow();
  }, [active, trigger]);
}
