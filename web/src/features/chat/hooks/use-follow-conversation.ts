import { useCallback, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';

/** How close to the end still counts as "at the end", px. */
const AT_END_SLACK = 96;
/** A newest message taller than this share of the view opens at its top. */
const TALL_SHARE = 0.6;

/** The element id of a message's bubble (MessageBubble), for scrolling to it. */
export const messageElementId = (messageId: string) => `message-${messageId}`;

export interface FollowOptions {
  /** Changes when something new shows at the end (a message, the typing indicator, a prompt). */
  trigger: unknown;
  /** Where a conversation opens: its first unread message; null opens it at the newest. */
  firstUnreadId?: string | null;
  /** The newest message is the reader's own (just sent): it is shown even to a reader scrolled up. */
  ownNewest?: boolean;
}

/**
 * Keeps the newest message in view, in `scroller` (Messages: the thread scrolls on its own) or the
 * page (null: the home chat, whose composer dock is sticky):
 * - the first time it is active, it opens at `firstUnreadId`'s message, else at the end;
 * - whenever `trigger` changes later and the reader is at the end (or just sent), it jumps to the
 *   end, or to the top of the newest message when that is taller than most of the view (a proposal:
 *   its price and buttons come first);
 * - a reader who scrolled up to read is left alone: `newBelow` says something arrived below (the
 *   "New messages" pill), until they reach the end or call `showNewest`;
 * - when the conversation grows by itself (an image or the Markdown renderer loaded) and the reader
 *   was at the end, it stays there.
 */
export function useFollowConversation(
  scroller: RefObject<HTMLElement | null> | null,
  active: boolean,
  { trigger, firstUnreadId = null, ownNewest = false }: FollowOptions,
) {
  const atEnd = useRef(true);
  const placed = useRef(false);
  const [newBelow, setNewBelow] = useState(false);

  useEffect(() => {
    if (!active) return;
    const box = scroller?.current ?? null;
    const end = () => (box ? box.scrollHeight : document.documentElement.scrollHeight);
    const scrollToEnd = () => (box ?? window).scrollTo({ top: end() });
    const top = () => (box ? box.scrollTop : window.scrollY);
    let lastTop = top();
    // Only the reader moving up leaves the end; moving down (ours to the end, or theirs) can only reach
    // it. A scroll event that arrives after the content grew (the Markdown renderer loaded) must not
    // read as the reader leaving, or the conversation would stop half way through the last message.
    const onScroll = () => {
      const now = top();
      const bottom = now + (box ? box.clientHeight : window.innerHeight);
      const reached = bottom >= end() - AT_END_SLACK;
      atEnd.current = now < lastTop ? reached : atEnd.current || reached;
      if (reached) setNewBelow(false);
      lastTop = now;
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

  // Where to go as something new shows: the first unread message the first time, the end after
  // (unless the reader is reading further up: then the pill says so).
  const follow = useEffectEvent((force: boolean) => {
    const box = scroller?.current ?? null;
    // In a scrolling box only the box moves: scrollIntoView would scroll the page around it as well
    // (the expert's task view, whose page is taller than the window).
    const reveal = (element: Element) => {
      if (!box) element.scrollIntoView({ block: 'start' });
      else box.scrollTo({ top: box.scrollTop + element.getBoundingClientRect().top - box.getBoundingClientRect().top });
    };
    if (!placed.current) {
      placed.current = true;
      const first = firstUnreadId ? document.getElementById(messageElementId(firstUnreadId)) : null;
      if (first) {
        atEnd.current = false;
        reveal(first);
        return;
      }
    } else if (!atEnd.current && !force && !ownNewest) {
      setNewBelow(true);
      return;
    }
    setNewBelow(false);
    // A newest message taller than most of the view (a proposal) is read from its top, where its
    // price and buttons are; anything shorter brings the end of the conversation into view.
    const articles = (box ?? document).querySelectorAll('.message-list article');
    const newest = articles[articles.length - 1];
    const view = box ? box.clientHeight : window.innerHeight;
    if (newest && newest.getBoundingClientRect().height > view * TALL_SHARE) {
      atEnd.current = false;
      reveal(newest);
      return;
    }
    atEnd.current = true;
    (box ?? window).scrollTo({ top: box ? box.scrollHeight : document.documentElement.scrollHeight });
  });
  // The pill asks for the newest through the effect (an effect event is only called from effects).
  const [asked, setAsked] = useState(0);
  const askedSeen = useRef(0);
  useEffect(() => {
    if (!active) return;
    follow(asked !== askedSeen.current);
    askedSeen.current = asked;
  }, [active, trigger, asked]);
  /** The pill's action: to the newest message. */
  const showNewest = useCallback(() => setAsked((count) => count + 1), []);
  return { newBelow, showNewest };
}
