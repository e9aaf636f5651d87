import type { MessageMetadata, ProposalChanges, WorkEstimate } from '@unstuck/contract';

/** A heading line (`#` to `######`, or a whole bold line) and its text. */
const HEADING = /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*\s*$|\*\*([^*]+)\*\*:?\s*$)/;
/** A list item: `-`, `*`, `+` or `1.` / `1)` and its text. */
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.+?)\s*$/;

/**
 * The lines of a proposal's Scope section as the person read them: the list items under the first
 * heading that reads "Scope" (any heading level, e.g. agent-1's `### Scope` or an LLM's `## Scope`),
 * up to the next heading. Staff notes must already be removed. Empty when the text has no such section.
 */
export function scopeLines(content: string): string[] {
  const lines: string[] = [];
  let inScope = false;
  for (const line of content.split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      if (inScope) break;
      inScope = /^scope\b/i.test((heading[1] ?? heading[2] ?? '').trim());
      continue;
    }
    const item = inScope ? LIST_ITEM.exec(line) : null;
    if (item?.[1]) lines.push(item[1]);
  }
  return lines;
}

/** One version of a proposal as the diff reads it: its text (staff notes removed) and its metadata. */
export interface ProposalVersionData {
  content: string;
  metadata: Pick<MessageMetadata, 'intake'>;
}

/** Whether two estimates (or their absence) say the same: hours, prices and currency. */
function sameEstimate(a: WorkEstimate | null, b: WorkEstimate | null): boolean {
  if (!a || !b) return a === b;
  return (['hoursLow', 'hoursHigh', 'priceLow', 'priceHigh', 'currency'] as const).every((field) => a[field] === b[field]);
}

/**
 * What `next` changed against `previous` (docs/decisions/030-proposal-versions.md): the scope lines
 * ({@link scopeLines}) only in `next` (added) or only in `previous` (removed), compared after trimming
 * and ignoring case, each in its own version's order; and the estimates (`metadata.intake.estimate`)
 * before → after, or null when they are equal. Pure.
 */
export function proposalChanges(previous: ProposalVersionData, next: ProposalVersionData): ProposalChanges {
  const before = scopeLines(previous.content);
  const after = scopeLines(next.content);
  const key = (line: string) => line.toLowerCase();
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  const estimateBefore = previous.metadata.intake?.estimate ?? null;
  const estimateAfter = next.metadata.intake?.estimate ?? null;
  return {
    scope_added: after.filter((line) => !beforeKeys.has(key(line))),
    scope_removed: before.filter((line) => !afterKeys.has(key(line))),
    estimate: sameEstimate(estimateBefore, estimateAfter) ? null : { before: estimateBefore, after: estimateAfter },
  };
}
