import { useEffect, useState } from 'react';

/** Waits shorter than this show nothing: a spinner that flashes reads as a glitch. */
export const SPINNER_DELAY_MS = 300;

/** True once `SPINNER_DELAY_MS` passed since mount. */
function useShownAfterDelay(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown;
}

/**
 * A centred spinner for a page whose content is not known yet (docs/product.md "Screens": while sign-in state loads),
 * shown after 300 ms; the status is announced at once.
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  const shown = useShownAfterDelay();
  return (
    <div className="page-spinner" role="status" aria-label={label}>
      {shown ? <span className="spinner" aria-hidden="true" /> : null}
    </div>
  );
}

/** A small spinner with a visible label, for a panel whose data is loading. */
export function InlineSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="inline-spinner" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** {@link InlineSpinner} after 300 ms: a quick answer shows no spinner at all. */
export function DelayedSpinner({ label = 'Loading...' }: { label?: string }) {
  const shown = useShownAfterDelay();
  return shown ? (
    <InlineSpinner label={label} />
  ) : (
    <span className="visually-hidden" role="status">
      {label}
    </span>
  );
}
