/** A centred spinner for a page whose content is not known yet (spec §2: while sign-in state loads). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-label={label}>
      <span className="spinner" aria-hidden="true" />
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
