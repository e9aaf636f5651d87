import type { EvaluationReport } from './run.ts';
import type { CaseScore, Totals } from './score.ts';

const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function caseRow(score: CaseScore, index: number): string {
  const type = `${score.expectedType}: ${score.firstType ?? '–'}${score.finalType !== score.firstType ? ` → ${score.finalType ?? '–'}` : ''}`;
  const stack = `${score.stackNamed}/${score.stackExpected}${score.stackMissed.length > 0 ? ` (missed ${score.stackMissed.join(', ')})` : ''}`;
  const ai =
    score.aiToolsExpected === 0
      ? '–'
      : `${score.aiToolsNoted}/${score.aiToolsExpected} noted${score.aiToolsAsStack.length > 0 ? `, AS STACK: ${score.aiToolsAsStack.join(', ')}` : ''}`;
  const estimate = score.estimate
    ? `${score.estimate.hoursLow}–${score.estimate.hoursHigh} h, ${score.estimate.currency} ${score.estimate.priceLow}–${score.estimate.priceHigh}${score.estimateStated ? '' : ' (not in text)'}`
    : 'none';
  const envelope = score.envelope ? `${score.insideEnvelope ? '✓' : '✗'} ${score.envelope.min_hours}–${score.envelope.max_hours} h` : '–';
  const askedTold = score.askedTold.length > 0 ? score.askedTold.join(', ') : '–';
  return `| ${[
    String(index + 1),
    cut(score.first, 60),
    `${score.typeRight ? '✓' : '✗'} ${type}`,
    stack,
    ai,
    score.turnsToProposal === null ? 'no proposal' : String(score.turnsToProposal),
    estimate,
    envelope,
    askedTold,
    String(score.repeatedQuestions),
    score.loop ? 'LOOP' : '–',
  ]
    .map(cell)
    .join(' | ')} |`;
}

/** The targets (decision 040, README "agent-1's intake evaluation") against the totals, as rows of metric, result and target. */
export function targetRows(totals: Totals): [string, string, string, boolean][] {
  return [
    [
      'Stack recall in the agent’s own words',
      `${percent(totals.stackRecall)} (${totals.stackNamed}/${totals.stackExpected})`,
      '≥ 95%',
      totals.stackRecall >= 0.95,
    ],
    ['AI tools reported as stack', String(totals.aiToolsAsStack), '0', totals.aiToolsAsStack === 0],
    ['AI tools noted as context', `${totals.aiToolsNoted}/${totals.aiToolsExpected}`, '–', true],
    ['Request type right (first message)', `${totals.typeRight}/${totals.cases}`, '≥ 90%', totals.typeRight >= 0.9 * totals.cases],
    [
      'Proposal within 4 agent turns',
      `${totals.proposalsWithin4}/${totals.cases}`,
      `≥ ${Math.ceil((28 / 30) * totals.cases)}`,
      totals.proposalsWithin4 >= Math.ceil((28 / 30) * totals.cases),
    ],
    [
      'Estimate in hours and price',
      `${totals.estimatesStated}/${totals.proposals} proposals`,
      'every proposal',
      totals.estimatesStated === totals.proposals,
    ],
    [
      'Estimates inside the envelope',
      `${percent(totals.envelopes === 0 ? 1 : totals.insideEnvelope / totals.envelopes)} (${totals.insideEnvelope}/${totals.envelopes})`,
      '≥ 90%',
      totals.insideEnvelope >= 0.9 * totals.envelopes,
    ],
    ['Asked for something it was told', String(totals.askedTold), '0', totals.askedTold === 0],
    ['Repeated questions', String(totals.repeatedQuestions), '0', totals.repeatedQuestions === 0],
    ['Loops', String(totals.loops), '0', totals.loops === 0],
  ];
}

/** The report as markdown: the totals against the targets, then one row per case. */
export function renderReport(report: EvaluationReport): string {
  const lines = [
    `Brain: \`${report.brain}\`, ${report.totals.cases} cases.`,
    '',
    '| Metric | Result | Target |',
    '| --- | --- | --- |',
    ...targetRows(report.totals).map(([metric, result, target, met]) => `| ${metric} | ${result} ${met ? '✓' : '✗'} | ${target} |`),
    '',
    '| # | First message | Type (expected: first → final) | Stack named | AI tools | Turns to proposal | Estimate | Envelope | Asked, though told | Repeats | Loop |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...report.scores.map(caseRow),
  ];
  return lines.join('\n');
}
