import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes the focus when it appears: for what an action put in place of the button
 * that started it (a created link, a result), so that the focus goes on to it instead of falling back
 * to the page's body (WCAG 2.4.3). An element that is not focusable by itself needs `tabIndex={-1}`.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
