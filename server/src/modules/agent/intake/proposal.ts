import { applyChange, parseChangeRequest, type ScopeState } from './change-request.ts';
import { estimateWork, formatMoney, type Estimate } from './estimate.ts';
import { understanding } from './questions.ts';
import { asMarkdownText, capitalize, toStatement, truncate } from './text.ts';
import { titleFor } from './title.ts';
import type { IntakeFacts } from './types.ts';
import { baseScope, planSteps } from './work-breakdown.ts';

/** A proposal as shown to the person, with the parts the brief and the estimate field reuse. */
export interface Proposal {
  /** Markdown with the summary, Scope, Plan, Assumptions, Estimate and Next steps sections. */
  content: string;
  /** Scope items plus "Not included: ..." lines. */
  scope: string[];
  assumptions: string[];
  estimate: Estimate;
}

const NOTHING_CHANGED = 'Nothing new to apply; the previous version stands.';

/** Missing facts, stated as the assumptions the proposal is made on. */
function assumptionsFor(facts: IntakeFacts): string[] {
  const list: string[] = [];
  if (facts.stack.length === 0) list.push('Technology: not named yet; the expert confirms it at kickoff.');
  if (facts.aiTools.length > 0) {
    list.push(`Built with ${facts.aiTools.join(', ')}: the expert works on the code itself; those tools are not needed.`);
  }
  if (!facts.codeAccess) list.push('Code: where it lives was not said; the expert asks for access at kickoff.');
  else if (facts.codeAccess.kind === 'attached') list.push(`Code: ${facts.codeAccess.text}; the expert starts from it.`);
  else if (facts.codeAccess.kind !== 'none') list.push(`Code: ${facts.codeAccess.text}; access is arranged at kickoff.`);
  if (facts.type === 'bug_fix' && !facts.hasErrorDetails) {
    list.push('Error details: not given yet; the expert starts by reproducing the problem.');
  }
  if (!facts.deadline) list.push('Timeline: no deadline given; we assume a normal schedule, starting within two business days.');
  if (!facts.budget) list.push('Budget: not given; the price below is our standard rate for work of this size.');
  return list;
}

function budgetLine(facts: IntakeFacts, estimate: Estimate): string | null {
  const budget = facts.budget;
  if (!budget) return null;
  const text = toStatement(budget.text);
  const rate = formatMoney(estimate.hourlyRate, estimate.currency);
  switch (estimate.budgetFit) {
    case 'fits':
      return `Your budget of ${text} covers this range.`;
    case 'inside':
      return `Your budget of ${text} pays for about ${estimate.budgetHours ?? 0} hours: the expert does the most important items first and checks with you before going past it.`;
    case 'capped':
      return `The upper end is capped at ${estimate.hoursHigh} hours to stay within your budget of ${text}: the expert does the most important items first.`;
    case 'below':
      return `Your budget of ${text} pays for about ${estimate.budgetHours ?? 0} hours at ${rate}/hour, less than this work needs; the expert can suggest a smaller first step.`;
    case null:
      return `Your budget: ${text} (noted for the expert).`;
  }
}

/**
 * Composes a proposal from the facts of the request and the person's change requests since the first
 * proposal (`changeRounds`, one list of messages per earlier proposal). With change requests it is a
 * revised proposal: it says so and lists what changed in the latest round. The text carries the words
 * the client looks for (scope, plan, next steps, estimate) and no question-like phrase or "?" (docs/product.md "Entities"),
 * so the accept and modify buttons show. Only the frame (bold title, headings, list markers) is
 * Markdown: every sentence, which may quote the person, goes through asMarkdownText. `answers`
 * (Markdown, already escaped) answer the person's own questions in a "Your questions" section.
 */
export function composeProposal(
  facts: IntakeFacts,
  changeRounds: readonly (readonly string[])[],
  rates: { hourlyRate: number; currency: string },
  answers = '',
): Proposal {
  let state: ScopeState = { items: baseScope(facts), excluded: [], addedItems: 0, removedItems: 0, scale: 1 };
  let changes: string[] = [];
  let fitToBudget = false;
  for (const round of changeRounds) {
    changes = [];
    for (const message of round) {
      const change = parseChangeRequest(message);
      fitToBudget ||= change.budget !== null;
      const applied = applyChange(state, change);
      state = applied.state;
      changes.push(...(applied.log.length > 0 ? applied.log : [`Your note, passed on to the expert: “${change.note}”`]));
    }
  }
  const estimate = estimateWork(facts, { ...state, fitToBudget }, rates);
  const scope = [...state.items, ...state.excluded.map((x) => `Not included: ${x}`)];
  const assumptions = assumptionsFor(facts);
  const revised = changeRounds.length > 0;
  const money = (n: number): string => formatMoney(n, estimate.currency);
  const goal = toStatement(facts.goal?.text ?? '').replace(/([^.!])$/, '$1.');
  const known = [
    facts.deadline ? `Deadline: ${toStatement(facts.deadline.text)}.` : '',
    facts.budget ? `Budget: ${toStatement(facts.budget.text)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const budget = budgetLine(facts, estimate);

  const lines = [
    `**${revised ? `Revised proposal (version ${changeRounds.length + 1})` : 'Proposal'}: ${asMarkdownText(titleFor(facts))}**`,
    '',
    asMarkdownText(
      `Summary: ${capitalize(understanding(facts).replace(/^Got it(?:: |\.)/, ''))} You wrote: “${goal}”${known ? ` ${known}` : ''}`
        .replace(/\s+/g, ' ')
        .trim(),
    ),
    '',
    ...(facts.type === 'unclear'
      ? ['', 'I could not work out exactly what you need from our conversation, so a human expert takes it from here with you.']
      : []),
    `Below are the scope, the plan, the next steps and the estimate${revised ? ', revised with your changes' : ''}.`,
    ...(answers ? ['', '### Your questions', answers] : []),
    ...(revised
      ? ['', '### What changed', ...(changes.length > 0 ? changes : [NOTHING_CHANGED]).map((c) => `- ${asMarkdownText(c)}`)]
      : []),
    '',
    '### Scope',
    ...scope.map((s) => `- ${asMarkdownText(s)}`),
    '',
    '### Plan',
    ...planSteps(facts).map((s, i) => `${i + 1}. ${asMarkdownText(s)}`),
    ...(assumptions.length > 0 ? ['', '### Assumptions', ...assumptions.map((a) => `- ${asMarkdownText(a)}`)] : []),
    '',
    '### Estimate',
    `- Effort: ${estimate.hoursLow}–${estimate.hoursHigh} hours`,
    `- Price: ${money(estimate.priceLow)}–${money(estimate.priceHigh)} (at ${money(estimate.hourlyRate)}/hour)`,
    ...(budget ? [`- ${asMarkdownText(budget)}`] : []),
    '- This estimate is confirmed by the expert once they have read the brief; any change to it is agreed with you first.',
    '',
    '### Next steps',
    '1. Accept this proposal as it is, or ask for changes.',
    '2. A human expert whose skills fit takes the task and writes to you in this conversation.',
    '3. Together you settle the timeline and milestones, and the work starts.',
    '',
    "Press **✓ Sounds good** to accept it, or **✎ Let's modify it** to change it.",
  ];
  return { content: lines.join('\n'), scope, assumptions, estimate };
}

/** A Diagnosis is this many hours at the rate, whatever the request (docs/product.md "agent-1", "Diagnosis"). */
export const DIAGNOSIS_HOURS = [1, 2] as const;

/**
 * The fixed **Diagnosis** proposal, offered instead of a wide guess when the person could not say
 * enough to price the work (readiness.ts) after two tries: an expert looks for 1–2 hours at the rate
 * and scopes the rest. Same frame as a proposal (title line, Scope, Plan, Estimate, Next steps), so
 * the client shows its buttons. `answers` as for {@link composeProposal}.
 */
export function composeDiagnosis(facts: IntakeFacts, rates: { hourlyRate: number; currency: string }, answers = ''): Proposal {
  const [hoursLow, hoursHigh] = DIAGNOSIS_HOURS;
  const money = (n: number): string => formatMoney(n, rates.currency);
  const estimate: Estimate = {
    hoursLow,
    hoursHigh,
    priceLow: hoursLow * rates.hourlyRate,
    priceHigh: hoursHigh * rates.hourlyRate,
    currency: rates.currency,
    hourlyRate: rates.hourlyRate,
    budgetFit: null,
    budgetHours: null,
  };
  const title = titleFor(facts);
  const subject =
    facts.type === 'unclear'
      ? `of “${truncate(toStatement(facts.request || facts.description), 60)}”`
      : facts.type === 'bug_fix'
        ? `of ${title.replace(/^Fix /, '')}`
        : `for: ${title}`;
  const scope = [
    'An expert looks at the problem with you (what you see, where it runs, access to it) and finds what is behind it',
    'A written finding: what is wrong or needed, what the work takes, and a firm range for it',
    'Not included: the work itself; it gets its own proposal once the finding is in',
  ];
  const lines = [
    `**Proposal: Diagnosis ${asMarkdownText(subject)}**`,
    '',
    asMarkdownText(`Summary: You wrote: “${toStatement(facts.goal?.text ?? facts.request).replace(/[.!]$/, '')}.”`),
    '',
    `A price for the whole job now would be a guess, so this is a fixed **Diagnosis**: an expert spends ${hoursLow}–${hoursHigh} hours finding out what is going on, then scopes the rest with you. Below are the scope, the plan, the next steps and the estimate.`,
    ...(answers ? ['', '### Your questions', answers] : []),
    '',
    '### Scope',
    ...scope.map((s) => `- ${asMarkdownText(s)}`),
    '',
    '### Plan',
    '1. Kickoff: you give the expert access to what is affected (never passwords in this chat).',
    '2. The expert looks into it and finds the cause or pins down what is needed.',
    '3. You get the finding and a proposal for the rest of the work.',
    '',
    '### Estimate',
    `- Effort: ${hoursLow}–${hoursHigh} hours (fixed Diagnosis)`,
    `- Price: ${money(estimate.priceLow)}–${money(estimate.priceHigh)} (at ${money(rates.hourlyRate)}/hour)`,
    '- The work after it is priced once the finding is in; nothing more is charged without your agreement.',
    '',
    '### Next steps',
    '1. Accept this Diagnosis as it is, or ask for changes.',
    '2. A human expert takes the task, and you get a confirmation by email.',
    '3. The expert looks into it and comes back with the finding.',
    '',
    "Press **✓ Sounds good** to accept it, or **✎ Let's modify it** to change it.",
  ];
  return { content: lines.join('\n'), scope, assumptions: [], estimate };
}
