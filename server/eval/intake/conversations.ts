import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AGENT_RECIPIENT_ID, messageListSchema, sendMessageResponseSchema, userTaskSchema, type Message } from '@unstuck/contract';
import { answerTopic, topicsOfQuestion } from '../../src/modules/agent/knowledge/knowledge.ts';
import { callJson, sendMessage } from '../../test/support/http.ts';
import { waitForReply, type EvaluationServer } from './run.ts';

/** The conversation development set (server/eval/conversation-dev-set.json): how people really write to agent-1. */
export const conversationSetSchema = z.object({
  about: z.string().optional(),
  vague: z.array(z.object({ turns: z.array(z.string()).min(1), expect: z.string() })),
  askBefore: z.array(z.object({ first: z.string(), topic: z.string() })),
  askAfter: z.object({
    request: z.array(z.string()).min(1),
    questions: z.array(z.object({ ask: z.string(), topic: z.string() })),
    rule: z.string(),
  }),
  titles: z.array(z.object({ first: z.string(), title: z.string() })),
});
export type ConversationSet = z.infer<typeof conversationSetSchema>;

/** One case's checks; null where a check does not apply to its kind. */
export interface ConversationCheck {
  kind: 'vague' | 'askBefore' | 'askAfter' | 'title';
  said: string;
  /** The person's question got an answer from the facts (or was passed on to the expert). */
  answered: boolean | null;
  /** A new proposal version appeared in answer to a question. */
  newVersion: boolean | null;
  /** A priced proposal (not the 1–2 hour Diagnosis) came before enough was known. */
  priceTooEarly: boolean | null;
  /** The most questions in one agent message. */
  questions: number;
  /** For titles: the task's title, and whether it names the symptom rather than a migration. */
  title: string | null;
  titleRight: boolean | null;
  passed: boolean;
}

const MAX_QUESTIONS = 3;
const DIAGNOSIS_MAX_HOURS = 2;

/** Questions in an agent message: sentences ending in "?" (staff notes never reach the person). */
export function questionCount(content: string): number {
  return (content.match(/\?(?=\s|$|\*)/g) ?? []).length;
}

/** Whether `reply` answers `question`: the facts of each subject it asks about, or the note that it was passed on. */
function answers(reply: string, question: string, server: EvaluationServer): boolean {
  const topics = topicsOfQuestion(question);
  if (topics.length === 0) return /passed your question/i.test(reply);
  // Figures vary (the rate, the hours): the first words of each answer show it was given.
  return topics.every((topic) =>
    // With and without a proposal on the table ("how long" quotes its hours once there is one).
    [null, [1, 2] as const].some((proposalHours) => {
      const answer = answerTopic(topic, {
        rates: { hourlyRate: 1, currency: 'USD' },
        aiName: server.brain,
        expertResponse: null,
        proposalHours,
      });
      return reply.includes(answer.split(/[\d$]/)[0]!.slice(0, 30));
    }),
  );
}

async function say(
  server: EvaluationServer,
  content: string,
  conversationId?: string,
): Promise<{ conversationId: string; reply: Message }> {
  const sent = await sendMessage(server.url, server.person, { content, ...(conversationId ? { conversationId } : {}) });
  if (sent.status !== 200) throw new Error(`sending failed with ${sent.status}: ${JSON.stringify(sent.body)}`);
  const message = sendMessageResponseSchema.parse(sent.body);
  const list = messageListSchema.parse(await waitForReply(server.url, server.person, message.conversation_id, message.id));
  const reply = list.find((m) => m.sender_id === AGENT_RECIPIENT_ID && m.reply_to_message_id === message.id);
  if (!reply) throw new Error('no agent reply');
  return { conversationId: message.conversation_id, reply };
}

const priced = (message: Message) =>
  message.metadata.kind === 'proposal' && (message.metadata.intake?.estimate?.hoursHigh ?? 0) > DIAGNOSIS_MAX_HOURS;

function check(partial: Omit<ConversationCheck, 'passed'>): ConversationCheck {
  const passed =
    partial.answered !== false &&
    partial.newVersion !== true &&
    partial.priceTooEarly !== true &&
    partial.titleRight !== false &&
    partial.questions <= MAX_QUESTIONS;
  return { ...partial, passed };
}

/**
 * Plays the conversation set through the API on `server`, one conversation per case: vague starts
 * (no priced proposal on these turns), questions before a proposal (answered in the first reply),
 * questions after one (answered, no new version, saying how to accept or change) and titles (the
 * symptom, not a migration). Every agent message counts its questions (at most three).
 */
export async function runConversationEvaluation(set: ConversationSet, server: EvaluationServer): Promise<ConversationCheck[]> {
  const checks: ConversationCheck[] = [];
  for (const vague of set.vague) {
    let conversationId: string | undefined;
    let tooEarly = false;
    let questions = 0;
    for (const turn of vague.turns) {
      const said = await say(server, turn, conversationId);
      conversationId = said.conversationId;
      tooEarly ||= priced(said.reply);
      questions = Math.max(questions, questionCount(said.reply.content));
    }
    checks.push(
      check({
        kind: 'vague',
        said: vague.turns.join(' / '),
        answered: null,
        newVersion: null,
        priceTooEarly: tooEarly,
        questions,
        title: null,
        titleRight: null,
      }),
    );
  }
  for (const ask of set.askBefore) {
    const { reply } = await say(server, ask.first);
    const question = ask.first.split(/(?<=\?)/)[0] ?? ask.first;
    checks.push(
      check({
        kind: 'askBefore',
        said: ask.first,
        answered: answers(reply.content, question, server),
        newVersion: null,
        priceTooEarly: null,
        questions: questionCount(reply.content),
        title: null,
        titleRight: null,
      }),
    );
  }
  let conversationId: string | undefined;
  for (const request of set.askAfter.request) conversationId = (await say(server, request, conversationId)).conversationId;
  for (const { ask } of set.askAfter.questions) {
    const { reply } = await say(server, ask, conversationId);
    const accepts = /Sounds good/.test(reply.content) && /Let's modify it/.test(reply.content);
    checks.push(
      check({
        kind: 'askAfter',
        said: ask,
        answered: answers(reply.content, ask, server) && accepts,
        newVersion: reply.metadata.kind === 'proposal',
        priceTooEarly: null,
        questions: questionCount(reply.content),
        title: null,
        titleRight: null,
      }),
    );
  }
  for (const titled of set.titles) {
    const { conversationId: id, reply } = await say(server, titled.first);
    const task = userTaskSchema.parse((await callJson(server.url, 'GET', `/api/v2/conversations/${id}/task`, server.person)).body);
    checks.push(
      check({
        kind: 'title',
        said: titled.first,
        answered: null,
        newVersion: null,
        priceTooEarly: null,
        questions: questionCount(reply.content),
        title: task.title,
        titleRight: !/^(?:migrat|upgrad|move|switch)/i.test(task.title),
      }),
    );
  }
  return checks;
}

/** Reads and validates the conversation set file. @throws when it is missing, not JSON or not of the shape. */
export async function loadConversationSet(file: string): Promise<ConversationSet> {
  return conversationSetSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

const mark = (value: boolean | null, good: boolean) =>
  value === null ? '–' : value === good ? `✓ ${value ? 'yes' : 'no'}` : `✗ ${value ? 'yes' : 'no'}`;

/** The checks as a markdown table with a total line. */
export function renderConversationReport(checks: readonly ConversationCheck[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = checks.map(
    (c, i) =>
      `| ${[
        String(i + 1),
        c.kind,
        cell(c.said.length > 70 ? `${c.said.slice(0, 69)}…` : c.said),
        mark(c.answered, true),
        mark(c.newVersion, false),
        mark(c.priceTooEarly, false),
        `${c.questions <= MAX_QUESTIONS ? '✓' : '✗'} ${c.questions}`,
        c.title === null ? '–' : `${c.titleRight ? '✓' : '✗'} ${cell(c.title)}`,
        c.passed ? 'pass' : 'FAIL',
      ].join(' | ')} |`,
  );
  return [
    `Conversation checks: ${checks.filter((c) => c.passed).length}/${checks.length} passing.`,
    '',
    '| # | Kind | The person said | Question answered | New version | Price too early | Questions (≤ 3) | Title | Result |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
