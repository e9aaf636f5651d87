import type { TaskBrief } from '../brain.ts';
import { describeRequest, REQUEST_TYPE_LABEL } from './classify-request.ts';
import { formatMoney } from './estimate.ts';
import type { Proposal } from './proposal.ts';
import { capitalize, joinAnd } from './text.ts';
import type { IntakeFacts } from './types.ts';

/** Title of a task whose goal is not known yet. */
const UNTITLED = 'New request';

function factLines(facts: IntakeFacts): string[] {
  return [
    `Goal: ${facts.goal?.text ?? 'not known yet'}`,
    `Type: ${REQUEST_TYPE_LABEL[facts.type]}`,
    `Stack: ${facts.stack.map((s) => s.name).join(', ') || 'not named'}`,
    `Deadline: ${facts.deadline ? `${facts.deadline.text}${facts.deadline.urgent ? ' (urgent)' : ''}` : 'not given'}`,
    `Budget: ${facts.budget?.text ?? 'not given'}`,
    ...(facts.type === 'bug-fix'
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
    facts.type === 'bug-fix' && !facts.hasErrorDetails ? 'the exact error' : '',
    facts.deadline ? '' : 'the deadline',
    facts.budget ? '' : 'the budget',
  ].filter(Boolean);
  return missing.length > 0 ? [`Still missing: ${joinAnd(missing)}.`] : [];
}

/**
 * The task brief for the human experts (spec §3 Task fields), filled on every turn: the title from the
 * goal (at most 80 characters), the person's messages joined, a diagnosis naming type, goal and stack
 * once the goal is known, the scope of the latest proposal, and a hand-over summary with every fact,
 * the estimate and the open points. `userMessages` are all the person's messages, change requests included.
 */
export function buildBrief(facts: IntakeFacts, userMessages: readonly string[], proposal: Proposal | null): TaskBrief {
  const diagnosis = facts.goal
    ? `${capitalize(describeRequest(facts.type, facts.stack))}${facts.stack.length > 0 ? '' : ' (stack not named yet)'}: ${facts.goal.text}`
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
    title: facts.goal?.title ?? UNTITLED,
    description: userMessages.join('\n\n'),
    diagnosis,
    clarifiedScope: proposal ? proposal.scope.map((s) => `- ${s}`).join('\n') : null,
    jobSummaryForEngineer: summary.join('\n'),
    taskType: facts.type === 'other' ? null : REQUEST_TYPE_LABEL[facts.type],
  };
}

/**
 * The staff-only note of a turn: the extracted facts as a list (with a bug's error details), the
 * clarifying-question count against its limit, and what this turn did.
 */
export function buildStaffNotes(facts: IntakeFacts, questionsSinceProposal: number, questionLimit: number, action: string): string {
  return [
    'Intake facts:',
    ...factLines(facts).map((l) => `- ${l}`),
    `- Clarifying questions since the last proposal: ${questionsSinceProposal} of ${questionLimit}`,
    `- This turn: ${action}`,
  ].join('\n');
}
