import type { ProposalChanges } from '@unstuck/contract';
import { hoursRange, priceRange } from '../../../lib/estimate.ts';

/** One line of a revised proposal's "What changed" list. */
export interface ChangeLine {
  kind: 'added' | 'removed' | 'estimate';
  /** What a screen reader says before the text, since the + and − marks are hidden from it. */
  spoken: string;
  /** The visible mark: "+", "−", or none for the estimate. */
  mark: string;
  text: string;
}

/**
 * The "What changed" list of a revised proposal (docs/decisions/030-proposal-versions.md): scope lines
 * added, then removed, then the estimate's hours and price before → after ("not given" when a version
 * had none). Empty when nothing in scope or estimate changed. Pure.
 */
export function changeLines(changes: ProposalChanges): ChangeLine[] {
  const lines: ChangeLine[] = [
    ...changes.scope_added.map((text) => ({ kind: 'added' as const, spoken: 'Added:', mark: '+', text })),
    ...changes.scope_removed.map((text) => ({ kind: 'removed' as const, spoken: 'Removed:', mark: '−', text })),
  ];
  const estimate = changes.estimate;
  if (estimate) {
    const hours = (side: typeof estimate.before) => (side ? hoursRange(side) : 'not given');
    const price = (side: typeof estimate.before) => (side ? priceRange(side) : 'not given');
    lines.push({ kind: 'estimate', spoken: '', mark: '', text: `Estimate: ${hours(estimate.before)} → ${hours(estimate.after)}` });
    if (price(estimate.before) !== price(estimate.after)) {
      lines.push({ kind: 'estimate', spoken: '', mark: '', text: `Price: ${price(estimate.before)} → ${price(estimate.after)}` });
    }
  }
  return lines;
}
