import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEvaluationSet } from './dev-set.ts';
import { renderReport } from './report.ts';
import { runIntakeEvaluation } from './run.ts';

// `npm run eval:intake [-- --set file.json] [--json report.json] [--transcripts]`: runs agent-1 over an
// evaluation set through the API and prints the report. The brain is chosen by the environment, as in
// production (LLM_PROVIDER, LLM_BASE_URL, LLM_API_KEY, LLM_MODEL; unset: the offline intake agent).
const { values } = parseArgs({
  options: {
    set: { type: 'string', default: path.join(import.meta.dirname, '..', 'intake-dev-set.json') },
    json: { type: 'string' },
    transcripts: { type: 'boolean', default: false },
    'max-turns': { type: 'string', default: '8' },
  },
});

const set = await loadEvaluationSet(values.set);
const report = await runIntakeEvaluation(set, {
  env: process.env,
  maxAgentTurns: Number(values['max-turns']),
  onCase: (score, index) => process.stderr.write(`case ${index + 1}/${set.cases.length}${score.loop ? ' (loop)' : ''}\n`),
});
if (values.transcripts) {
  for (const [index, transcript] of report.transcripts.entries()) {
    console.log(`\n## Case ${index + 1}\n`);
    for (const turn of transcript) console.log(`**${turn.role}:** ${turn.content}\n`);
  }
}
console.log(renderReport(report));
if (values.json) await writeFile(values.json, JSON.stringify(report, null, 2));
