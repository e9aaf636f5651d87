import { useEffect, useState } from 'react';

/** Copies `text` to the clipboard and says so for two seconds; says when the browser refused. */
export function CopyButton({ text, label, className = 'button button--secondary' }: { text: string; label: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <button type="button" className={className} onClick={() => void copy()} aria-live="polite">
      {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed: select and copy it' : label}
    </button>
  );
}
