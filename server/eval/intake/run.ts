import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  agentIntakeMetadataSchema,
  AGENT_RECIPIENT_ID,
  messageListSchema,
  sendMessageResponseSchema,
  type Message,
} from '@unstuck/contract';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { sendMessage, waitForMessages, type Identity } from '../../test/support/http.ts';
import { signInWithDevProvider } from '../../test/support/sign-in.ts';
import { writeCodeArchive } from './code-archive.ts';
import { evaluationSetSchema, type EvaluationCase, type EvaluationSetInput } from './dev-set.ts';
import { scoreCase, totalsOf, type CaseScore, type ObservedTurn, type Totals } from './score.ts';
import { replyTo, topicsAsked } from './simulated-person.ts';

/** The environment variables that choose and configure agent-1's brain, passed through to the server. */
const BRAIN_VARIABLES = [
  'LLM_PROVIDER',
  'LLM_BASE_URL',
  'LLM_API_KEY',
  'LLM_MODEL',
  'LLM_TIMEOUT_MS',
  'AGENT_HOURLY_RATE',
  'AGENT_CURRENCY',
];

export interface EvaluationOptions {
  /** Brain configuration (LLM_* and AGENT_* variables); unset means the offline intake agent. */
  env?: Record<string, string | undefined>;
  /** A running server to play on ({@link startEvaluationServer}); none: one is started from `env` and closed after. */
  server?: EvaluationServer;
  /** Agent turns after which a conversation without a proposal counts as a loop (at most 9: the 10-message limit). */
  maxAgentTurns?: number;
  /** Called after each case, e.g. to print progress. */
  onCase?: (score: CaseScore, index: number) => void;
}

export interface EvaluationReport {
  brain: string;
  scores: CaseScore[];
  totals: Totals;
  /** Each case's conversation as the API returned it, for reading what went wrong. */
  transcripts: { role: 'person' | 'agent'; content: string }[][];
}

function observe(message: Message): ObservedTurn {
  const intake = agentIntakeMetadataSchema.safeParse(message.metadata.intake);
  const reading = intake.success ? intake.data : null;
  const estimate = reading?.estimate ?? null;
  return {
    kind: message.metadata.kind === 'proposal' ? 'proposal' : 'question',
    content: message.content,
    requestType: reading?.request_type ?? null,
    stack: reading?.stack ?? [],
    aiTools: reading?.ai_tools ?? [],
    estimate,
    topics: message.metadata.kind === 'proposal' ? [] : topicsAsked(message.content),
  };
}

/**
 * Waits for agent-1's answer to the person's message `messageId`. A minute, not a test's 15 seconds:
 * an attached archive is analysed before the answer, and a busy machine makes that slow.
 * @throws when no answer came in time.
 */
export function waitForReply(baseUrl: string, person: Identity, conversationId: string, messageId: string): Promise<unknown[]> {
  return waitForMessages(
    baseUrl,
    person,
    conversationId,
    (messages: Array<{ sender_id?: unknown; reply_to_message_id?: unknown }>) =>
      messages.some((m) => m.sender_id === AGENT_RECIPIENT_ID && m.reply_to_message_id === messageId),
    60_000,
  );
}

/**
 * Plays one case through the API as a signed-in person: sends the first message (with the case's ZIP
 * attached, when it has one), then answers each agent question with the set's answers for what it
 * asks, until a proposal or `maxTurns` agent turns.
 */
async function converse(baseUrl: string, person: Identity, testCase: EvaluationCase, maxTurns: number) {
  const turns: ObservedTurn[] = [];
  const transcript: { role: 'person' | 'agent'; content: string }[] = [];
  let content = testCase.first;
  let conversationId: string | undefined;
  let file = testCase.attachment
    ? { name: testCase.attachment.file_name, type: 'application/zip', data: await writeCodeArchive(testCase.attachment) }
    : undefined;
  while (turns.length < maxTurns) {
    transcript.push({ role: 'person', content: file ? `${content}\n\n(Attached: ${file.name})` : content });
    const answer = await sendMessage(baseUrl, person, { content, ...(conversationId ? { conversationId } : {}) }, file);
    file = undefined;
    if (answer.status !== 200) throw new Error(`sending failed with ${answer.status}: ${JSON.stringify(answer.body)}`);
    const sent = sendMessageResponseSchema.parse(answer.body);
    conversationId = sent.conversation_id;
    const messages = messageListSchema.parse(await waitForReply(baseUrl, person, conversationId, sent.id));
    const reply = messages.find((m) => m.sender_id === AGENT_RECIPIENT_ID && m.reply_to_message_id === sent.id);
    if (!reply) throw new Error('no agent reply');
    const turn = observe(reply);
    turns.push(turn);
    transcript.push({ role: 'agent', content: reply.content });
    if (turn.kind === 'proposal') break;
    content = replyTo(reply.content, testCase.answers).reply;
  }
  return { turns, transcript };
}

/** A server for an evaluation, with one signed-in simulated person. */
export interface EvaluationServer {
  url: string;
  person: Identity;
  /** The brain's name as the report prints it. */
  brain: string;
  close: () => Promise<void>;
}

/**
 * Starts a server on a fresh embedded database (the brain chosen by `env` as in production: the
 * offline intake agent, or an LLM when LLM_PROVIDER is set) and signs one person in through the
 * embedded OpenID provider. One simulated person plays every case from one address: the per-address
 * hourly limit must not stop a large set.
 */
export async function startEvaluationServer(env: Record<string, string | undefined> = {}): Promise<EvaluationServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-eval-'));
  const brainEnv: Record<string, string> = {};
  for (const name of BRAIN_VARIABLES) {
    const value = env[name];
    if (value) brainEnv[name] = value;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    MESSAGES_PER_HOUR_PER_ADDRESS: '100000',
    ...brainEnv,
  });
  const server = await startServer(config);
  const close = async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const session = await signInWithDevProvider(server.url, { email: 'eval-person@example.com', name: 'Eval Person' });
    const brain = config.LLM_PROVIDER ? `llm:${config.LLM_PROVIDER}:${config.LLM_MODEL}` : 'intake';
    return { url: server.url, person: { token: session.token }, brain, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Runs agent-1 over an evaluation set (`input`, validated here) through the real API, on
 * `options.server` or a server of its own ({@link startEvaluationServer}): plays each case with the
 * simulated person and scores it (score.ts). Cases run one after another.
 * @throws when the set is not of the shape, the server cannot start or the API answers a send with an error.
 */
export async function runIntakeEvaluation(input: EvaluationSetInput, options: EvaluationOptions = {}): Promise<EvaluationReport> {
  const set = evaluationSetSchema.parse(input);
  const maxTurns = Math.min(options.maxAgentTurns ?? 8, 9);
  const server = options.server ?? (await startEvaluationServer(options.env));
  try {
    const scores: CaseScore[] = [];
    const transcripts: EvaluationReport['transcripts'] = [];
    for (const [index, testCase] of set.cases.entries()) {
      const { turns, transcript } = await converse(server.url, server.person, testCase, maxTurns);
      const score = scoreCase(testCase, turns, maxTurns);
      scores.push(score);
      transcripts.push(transcript);
      options.onCase?.(score, index);
    }
    return { brain: server.brain, scores, totals: totalsOf(scores), transcripts };
  } finally {
    if (!options.server) await server.close();
  }
}
