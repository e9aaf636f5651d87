import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Navigates to `path` `delayMs` milliseconds after `done` turns true (docs/product.md "Screens": Edit Profile goes to
 * the dashboard 1.5 s after saving, Submit Job 3 s after submitting); leaving the page first cancels it.
 */
export function useRedirectAfter(done: boolean, path: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(path), delayMs);
    return () => clearTimeout(timer);
  }, [done, path, delayMs, navigate]);
}
