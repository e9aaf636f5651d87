import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEvaluationSet } from './dev-set.ts';
import { renderReport } from './report.ts';
import { loadConversationSet, renderConversationReport, runConversationEvaluation } from './conversations.ts';
import { runIntakeEvaluation, startEvaluationServer } from './run.ts';

// `npm run eval:intake [-- --set file.json] [--conversations file.json] [--json report.json] [--transcripts]`:
// runs agent-1 over an evaluation set and the conversation set through the API and prints both reports. The brain is chosen by the environment, as in
// production (LLM_PROVIDER, LLM_BASE_URL, LLM_API_KEY, LLM_MODEL; unset: the offline intake agent).
const { values } = parseArgs({
  options: {
    set: { type: 'string', default: path.join(import.meta.dirname, '..', 'intake-dev-set.json') },
    conversations: { type: 'string', default: path.join(import.meta.dirname, '..', 'conversation-dev-set.json') },
    json: { type: 'string' },
    transcripts: { type: 'boolean', default: false },
    'max-turns': { type: 'string', default: '8' },
  },
});

const set = await loadEvaluationSet(values.set);
const conversations = await loadConversationSet(values.conversations);
const server = await startEvaluationServer(process.env);
const { report, checks } = await (async () => {
  try {
    const intake = await runIntakeEvaluation(set, {
      server,
      maxAgentTurns: Number(values['max-turns']),
      onCase: (score, index) => process.stderr.write(`case ${index + 1}/${set.cases.length}${score.loop ? ' (loop)' : ''}\n`),
    });
    return { report: intake, checks: await runConversationEvaluation(conversations, server) };
  } finally {
    await server.close();
  }
})();
if (values.transcripts) {
  for (const [index, transcript] of report.transcripts.entries()) {
    console.log(`\n## Case ${index + 1}\n`);
    for (const turn of transcript) console.log(`**${turn.role}:** ${turn.content}\n`);
  }
}
console.log(renderReport(report));
console.log(`\n${renderConversationReport(checks)}`);
if (values.json) await writeFile(values.json, JSON.stringify({ ...report, conversations: checks }, null, 2));
