import { useState } from 'react';
import type { MessageMetadata, WorkEstimate } from '@unstuck/contract';
import { ExpectedReply } from '../../../components/expected-reply.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { hoursRange, priceRange } from '../../../lib/estimate.ts';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount.ts';
import { proposalParts } from '../utils/proposal-parts.ts';
import type { ProposalView } from './message-bubble.tsx';
import { ProposalActions } from './proposal-actions.tsx';
import { ProposalChanges } from './proposal-changes.tsx';
import { ProposalPaymentNote } from './proposal-payment-note.tsx';

/** Narrow screens open the card with its sections folded: price, hours and the buttons come first. */
const folded = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches;

/** "✎ Modification requested" in place of the button just pressed: it takes the focus, which would otherwise fall to the page. */
function ModificationRequested() {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p className="proposal-status" ref={ref} tabIndex={-1}>
      ✎ Modification requested
    </p>
  );
}

/**
 * An agent's proposal as a card: what the work is, the price range and hours and the two buttons
 * (docs/product.md "Screens") at the top; the summary, then scope, plan, assumptions and the rest as sections that
 * can be folded (folded at first on a phone). With a version (`metadata.proposal_version`) it shows
 * "Version n" and, from version 2 on, what changed (docs/decisions/030-proposal-versions.md). Before it is
 * answered, the expected first reply of an expert shows under the buttons.
 */
export function ProposalCard({
  content,
  estimate,
  versioning,
  view,
}: {
  content: string;
  estimate: WorkEstimate | null;
  versioning: Pick<MessageMetadata, 'proposal_version' | 'proposal_changes'>;
  view: ProposalView;
}) {
  const version = versioning.proposal_version;
  // The badge carries the server's number; agent-1's label says it too ("Revised proposal (version 2)").
  const parts = proposalParts(content);
  const [startFolded] = useState(folded);
  // Answered while the card is shown (not read back later): the status replaces the pressed button.
  const [answeredHere] = useState(view.state === 'actions');
  return (
    <div className="proposal">
      <header className="proposal__head">
        <p className="proposal__label">
          {version ? parts.label.replace(/ \(version \d+\)$/, '') : parts.label}
          {version ? <span className="proposal__version">Version {version}</span> : null}
        </p>
        {parts.title ? <h2 className="proposal__title">{parts.title}</h2> : null}
        {estimate ? (
          <dl className="proposal__figures">
            <div>
              <dt>Price</dt>
              <dd className="proposal__price">{priceRange(estimate)}</dd>
            </div>
            <div>
              <dt>Effort</dt>
              <dd>{hoursRange(estimate)}</dd>
            </div>
          </dl>
        ) : null}
        {version && versioning.proposal_changes ? <ProposalChanges changes={versioning.proposal_changes} version={version} /> : null}
        {view.state === 'actions' ? <ProposalActions busy={view.busy} onAccept={view.onAccept} onModify={view.onModify} /> : null}
        {view.state === 'actions' ? <ExpectedReply className="proposal__expected-reply" /> : null}
        {view.state === 'actions' && estimate ? <ProposalPaymentNote estimate={estimate} /> : null}
        {view.state === 'accepted' ? <p className="proposal-status proposal-status--accepted">✓ Proposal accepted</p> : null}
        {view.state === 'modification_requested' ? (
          answeredHere ? (
            <ModificationRequested />
          ) : (
            <p className="proposal-status">✎ Modification requested</p>
          )
        ) : null}
      </header>
      {parts.summary ? <Markdown content={parts.summary} className="proposal__summary" /> : null}
      {parts.sections.map((section) => (
        <details key={section.heading} className="proposal__section" open={!startFolded}>
          <summary className="proposal__section-title">{section.heading}</summary>
          <Markdown content={section.body} />
        </details>
      ))}
    </div>
  );
}
