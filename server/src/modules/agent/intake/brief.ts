import type { RequestReading } from '@unstuck/contract';
import type { TaskBrief } from '../brain.ts';
import { REQUEST_TYPE_LABEL } from './classify-request.ts';
import { formatMoney } from './estimate.ts';
import { describeCodeAnalysis } from './extract-code-access.ts';
import type { Proposal } from './proposal.ts';
import { understanding } from './questions.ts';
import { asMarkdownText, capitalize, joinAnd } from './text.ts';
import { titleFor } from './title.ts';
import type { IntakeFacts } from './types.ts';

/** Title of a task whose goal is not known yet. */
const UNTITLED = 'New request';

function stackLine(facts: IntakeFacts): string {
  return facts.stack.map((t) => (t.implied ? `${t.name} (implied)` : t.name)).join(', ') || 'not named';
}

function factLines(facts: IntakeFacts): string[] {
  return [
    `Goal: ${facts.goal?.text ?? 'not known yet'}`,
    `Type: ${REQUEST_TYPE_LABEL[facts.type]}`,
    `Stack: ${stackLine(facts)}`,
    ...(facts.aiTools.length > 0 ? [`AI tools used (context, not stack): ${facts.aiTools.join(', ')}`] : []),
    `Code: ${facts.codeAccess?.text ?? 'not said'}`,
    ...(facts.codeAnalysis && facts.codeAccess?.kind !== 'attached' ? [`Code analysis: ${describeCodeAnalysis(facts.codeAnalysis)}`] : []),
    ...(facts.scale.length > 0 ? [`Size: ${facts.scale.map((s) => `${s.count} ${s.unit}${s.count === 1 ? '' : 's'}`).join(', ')}`] : []),
    `Deadline: ${facts.deadline ? `${facts.deadline.text}${facts.deadline.urgent ? ' (urgent)' : ''}` : 'not given'}`,
    `Budget: ${facts.budget?.text ?? 'not given'}`,
    ...(facts.type === 'bug_fix'
      ? [`Error details: ${facts.errorReport ?? (facts.hasErrorDetails ? 'in the attachments' : 'missing')}`]
      : []),
    `Links: ${facts.links.join(', ') || 'none'}`,
    `Attachments: ${facts.attachments.join(', ') || 'none'}`,
  ];
}

function openPoints(facts: IntakeFacts, proposal: Proposal | null): string[] {
  if (proposal) return proposal.assumptions;
  const missing = [
    facts.goal ? '' : 'the goal',
    facts.stack.length > 0 ? '' : 'the technology',
    facts.type === 'bug_fix' && !facts.hasErrorDetails ? 'the exact error' : '',
    facts.codeAccess ? '' : 'access to the code',
    facts.deadline ? '' : 'the deadline',
    facts.budget ? '' : 'the budget',
  ].filter(Boolean);
  return missing.length > 0 ? [`Still missing: ${joinAnd(missing)}.`] : [];
}

/** The agent's reading of the request for the message metadata and the contract (names only). */
export function readingOf(facts: IntakeFacts): RequestReading {
  return { requestType: facts.type, stack: facts.stack.map((t) => t.name), aiTools: facts.aiTools };
}

/**
 * The task brief for the human experts (docs/product.md "Entities" Task fields), filled on every turn: a title in the
 * agent's own words (title.ts), the person's messages joined, a diagnosis naming type, stack and goal
 * once the goal is known, the scope of the latest proposal, and a hand-over summary with every fact,
 * the estimate and the open points. `userMessages` are all the person's messages, change requests included.
 */
export function buildBrief(facts: IntakeFacts, userMessages: readonly string[], proposal: Proposal | null): TaskBrief {
  const diagnosis = facts.goal
    ? `${capitalize(understanding(facts).replace(/^Got it(?:: |\.)\s*/, '')) || 'Not classified yet.'} ${facts.goal.text}`.trim()
    : null;
  const estimate = proposal?.estimate;
  const summary = [
    ...factLines(facts),
    ...(estimate
      ? [
          `Estimate: ${estimate.hoursLow}–${estimate.hoursHigh} h, ${formatMoney(estimate.priceLow, estimate.currency)}–${formatMoney(estimate.priceHigh, estimate.currency)}`,
        ]
      : []),
    ...openPoints(facts, proposal).map((p) => `Open point: ${p}`),
  ];
  return {
    title: facts.goal ? titleFor(facts) : UNTITLED,
    description: userMessages.join('\n\n'),
    diagnosis,
    // Rendered as Markdown by the expert and share pages; the items quote the person.
    clarifiedScope: proposal ? proposal.scope.map((s) => `- ${asMarkdownText(s)}`).join('\n') : null,
    jobSummaryForEngineer: summary.join('\n'),
    taskType: facts.type === 'unclear' ? null : REQUEST_TYPE_LABEL[facts.type],
  };
}

/**
 * The staff-only note of a turn: the extracted facts as a list, the clarifying-question count and
 * what this turn did (and why, when it proposed early). Staff views render it as Markdown, so the
 * facts, which quote the person, are escaped.
 */
export function buildStaffNotes(facts: IntakeFacts, questionsSinceProposal: number, action: string): string {
  return [
    'Intake facts:',
    ...factLines(facts).map((l) => `- ${asMarkdownText(l)}`),
    `- Clarifying questions since the last proposal: ${questionsSinceProposal}`,
    `- This turn: ${action}`,
  ].join('\n');
}
