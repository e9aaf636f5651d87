/** Task statuses the UI knows a colour for; any other value gets the neutral badge (docs/product.md "Entities"). */
const TONES: Record<string, string> = {
  PENDING_QUOTE: 'waiting',
  PENDING_CLARIFICATION: 'waiting',
  PENDING_ACCEPTANCE: 'attention',
  ACCEPTED: 'success',
  IN_PROGRESS: 'progress',
  WAITING_ON_CUSTOMER: 'attention',
  DONE: 'done',
};

/** "PENDING_ACCEPTANCE" → "Pending acceptance". */
export const statusLabel = (status: string) => {
  const words = status.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A task's status as a badge. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge--${TONES[status] ?? 'neutral'}`}>{statusLabel(status)}</span>;
}

/** The "User Accepted" badge of docs/product.md "Screens", on tasks whose customer accepted the proposal. */
export function UserAcceptedBadge() {
  return <span className="badge badge--success">User Accepted</span>;
}
