export interface ProposalActionsProps {
  busy: boolean;
  onAccept: () => void;
  onModify: () => void;
}

/** "✓ Sounds good" and "✎ Let's modify it" (docs/product.md "Screens"); both read "Processing..." while busy. */
export function ProposalActions({ busy, onAccept, onModify }: ProposalActionsProps) {
  return (
    <div className="proposal-actions">
      <button type="button" className="button button--primary" disabled={busy} onClick={onAccept}>
        {busy ? 'Processing...' : '✓ Sounds good'}
      </button>
      <button type="button" className="button button--secondary" disabled={busy} onClick={onModify}>
        {busy ? 'Processing...' : "✎ Let's modify it"}
      </button>
    </div>
  );
}
