import { useEffect, useRef, type RefObject } from 'react';

/** How close to the end of the page still counts as "at the end", px. */
const AT_END_SLACK = 96;

const pageEnd = () => document.documentElement.scrollHeight;
const scrollToEnd = () => window.scrollTo({ top: pageEnd() });

/**
 * Keeps the newest message in view. The whole page scrolls (the composer dock is sticky):
 * - whenever `trigger` changes (a message, the typing indicator, a prompt), jump to the end;
 * - when the conversation grows by itself (an image finished loading) and the reader was at the end,
 *   stay there; a reader who scrolled up to read is left alone.
 */
export function useFollowConversation(container: RefObject<HTMLElement | null>, active: boolean, trigger: unknown) {
  const atEnd = useRef(true);

  useEffect(() => {
    if (!active) return;
    const element = container.current;
    const onScroll = () => {
      atEnd.current = window.innerHeight + window.scrollY >= pageEnd() - AT_END_SLACK;
    };
    const observer = new ResizeObserver(() => {
      if (atEnd.current) scrollToEnd();
    });
    if (element) observer.observe(element);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [active, container]);

  useEffect(() => {
    if (!active) return;
    atEnd.current = true;
    scrollToEnd();
  }, [active, trigger]);
}
