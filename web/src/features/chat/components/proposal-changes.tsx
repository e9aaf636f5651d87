import { useId } from 'react';
import type { ProposalChanges as Changes } from '@unstuck/contract';
import { changeLines } from '../utils/proposal-changes.ts';

/**
 * A revised proposal's compact list of what changed against the version before it (scope lines added
 * or removed, the estimate before → after; docs/decisions/030-proposal-versions.md). The + and − marks
 * are for the eye; screen readers hear "Added:" and "Removed:" instead.
 */
export function ProposalChanges({ changes, version }: { changes: Changes; version: number }) {
  const titleId = useId();
  const lines = changeLines(changes);
  return (
    <section className="proposal__changes" aria-labelledby={titleId}>
      <h4 id={titleId} className="proposal__changes-title">
        What changed from version {version - 1}
      </h4>
      {lines.length > 0 ? (
        <ul className="proposal__changes-list">
          {lines.map((line) => (
            <li key={`${line.kind}:${line.text}`} className={`proposal__change proposal__change--${line.kind}`}>
              {line.mark ? (
                <span className="proposal__change-mark" aria-hidden="true">
                  {line.mark}
                </span>
              ) : null}
              {line.spoken ? <span className="visually-hidden">{line.spoken} </span> : null}
              <span>{line.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="proposal__changes-none">Scope and estimate are unchanged.</p>
      )}
    </section>
  );
}
