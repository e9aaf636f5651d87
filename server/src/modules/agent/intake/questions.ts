import type { TranscriptEntry } from '../brain.ts';
import { REQUEST_TYPE_LABEL } from './classify-request.ts';
import { joinAnd, withArticle } from './text.ts';
import type { IntakeFacts, Topic } from './types.ts';
import { workKindOf } from './work-kinds.ts';

/**
 * How a question shows what it asks about, whoever wrote it (this agent, or an LLM brain earlier in
 * the conversation): the usual wording of each topic.
 */
const TOPIC_WORDING: readonly (readonly [Topic, RegExp])[] = [
  [
    'goal',
    /\b(?:what would you like|what are you (?:trying|working|building)|what (?:should|do you want) (?:be )?(?:built|fixed)|goal)\b/i,
  ],
  [
    'details',
    /\b(?:error|log lines?|what exactly|reproduc\w*|how (?:many|big|large|slow|often|does)|size|which technolog\w*|what exists|exists (?:already|today)|current setup|describe|what do you see|main screens|should flow|matter most|a few details|built with|made with|first version|done look like|goes wrong|went wrong|is slow)\b/i,
  ],
  ['code', /\b(?:the code|repository|repo|access to)\b/i],
  ['timing', /\b(?:when do you need|deadline|budget)\b/i],
];

/** The topics one question asks about. */
export function topicsOf(question: string): Topic[] {
  return TOPIC_WORDING.filter(([, pattern]) => pattern.test(question)).map(([topic]) => topic);
}

/** Every topic the agent's questions before its first proposal asked about. */
export function askedTopics(transcript: readonly TranscriptEntry[]): Set<Topic> {
  const asked = new Set<Topic>();
  for (const entry of transcript) {
    if (entry.role !== 'agent') continue;
    if (entry.kind === 'proposal') break;
    for (const topic of topicsOf(entry.content)) asked.add(topic);
  }
  return asked;
}

/** True when the person has said enough about the request's size or situation to size it. */
function detailed(facts: IntakeFacts): boolean {
  // A bug report is detailed once it quotes the error and says where it happens.
  if (facts.type === 'bug_fix') return facts.errorReport !== null && facts.stack.length > 0 && facts.meaningfulWordCount >= 25;
  return facts.meaningfulWordCount >= 30 || (facts.scale.length > 0 && facts.meaningfulWordCount >= 20);
}

/**
 * The topics still worth asking, in order, never one already asked: the goal while none is known;
 * the details (a bug's exact error and how to reproduce it; otherwise what exists and how big it is),
 * once, unless the person already gave plenty; then the code and the timing together, for whatever
 * of code access, deadline and budget is still missing. While the request is unclear, it asks what
 * is going on, then (once) for the goal.
 */
export function pendingTopics(facts: IntakeFacts, asked: ReadonlySet<Topic>): Topic[][] {
  const questions: Topic[][] = [];
  if (!facts.goal || facts.type === 'unclear') {
    // First what is going on, in the person's own words; then, only if that did not help, the goal itself.
    for (const topic of ['details', 'goal'] as const) if (!asked.has(topic)) questions.push([topic]);
    return questions.slice(0, 1);
  }
  if (!asked.has('details') && !detailed(facts)) questions.push(['details']);
  const wrapUp = [
    ...(!facts.codeAccess && !asked.has('code') ? (['code'] as const) : []),
    ...((!facts.deadline || !facts.budget) && !asked.has('timing') ? (['timing'] as const) : []),
  ];
  if (wrapUp.length > 0) questions.push(wrapUp);
  return questions;
}

const GOAL_QUESTION = 'What would you like built, or what is broken that you need fixed?';

/**
 * The details question: the kind of job's own when it has one (work-kinds.ts), else by type: what an
 * expert needs first to understand and size the work. The size of the code is not asked when the
 * person gave it or the code analysis has it.
 */
function detailsQuestion(facts: IntakeFacts): string {
  const kind = workKindOf(facts)?.question;
  if (kind && facts.type !== 'bug_fix') return kind;
  const codeSized = facts.codeAnalysis !== null || facts.scale.some((s) => s.measure === 'code');
  switch (facts.type) {
    case 'bug_fix':
      return facts.hasErrorDetails
        ? 'What exactly happens, step by step, so an expert can reproduce it, what do the log lines around the error say, and what should happen instead?'
        : 'What exactly happens: the full error message or log lines you see, the steps that reproduce it, and what should happen instead?';
    case 'unclear':
      return 'What exactly happens or should happen, and on what (the site or app, where it runs, any error message you see)?';
    case 'upgrade_migration':
      return 'How big is what has to move (for example the number of components, pages, users or records), and what in the current setup may not carry over?';
    case 'performance':
      return 'What exactly is slow and how slow (timings, load, where it runs), and what have you measured or tried so far?';
    case 'security_review':
      return codeSized
        ? 'Which parts matter most (sign-in, payments, admin), and what data does it protect?'
        : 'How big is the code to review (roughly how many lines or which parts), and what does it protect?';
    case 'infrastructure':
      return 'What does the current setup look like (what runs where, how it is deployed today), and how many environments do you need?';
    case 'testing':
      return codeSized
        ? 'Which flows or modules matter most, and which test tools are set up today?'
        : 'How big is the codebase (roughly how many lines or modules), and which test tools are set up today?';
    case 'automation':
      return 'What exactly should run, how often and on how many sources or records, and where does the data come from?';
    case 'integration':
      return 'What should flow between the systems, how much of it (for example submissions or orders a day), and what exists today?';
    case 'feature':
      return 'How does the app work today in that area (for example how many pages, roles or users it touches), and what exists already?';
    case 'new_build':
      return 'What are the main screens or features, and how big should the first version be (users, pages, designs you already have)?';
  }
}

/** The wrap-up questions: where the code is, then the timing; `joined` puts them in one question. */
function wrapUpQuestions(facts: IntakeFacts, topics: readonly Topic[], joined: boolean): string[] {
  const timing: string[] = [];
  if (topics.includes('timing')) {
    if (!facts.deadline) timing.push('when do you need it done');
    if (!facts.budget) timing.push('what budget do you have in mind');
  }
  const code = topics.includes('code')
    ? ['where is the code: a repository an expert can get access to, files you can send, or nothing built yet']
    : [];
  const asked = (parts: readonly string[]) => {
    const text = joinAnd(parts);
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}?`;
  };
  const parts = [code, timing].filter((p) => p.length > 0);
  return joined ? [asked(parts.flat())] : parts.map(asked);
}

/** "Got it: a bug fix on Supabase (built with Lovable)." — what the agent understood, in its own words. */
export function understanding(facts: IntakeFacts): string {
  const named = facts.stack.filter((t) => !t.implied).map((t) => t.name);
  const on = named.length > 0 ? ` on ${joinAnd(named)}` : '';
  const tools = facts.aiTools.length > 0 ? ` (built with ${joinAnd(facts.aiTools)})` : '';
  return facts.type === 'unclear' ? 'Got it.' : `Got it: ${withArticle(REQUEST_TYPE_LABEL[facts.type])}${on}${tools}.`;
}

/**
 * The text of a clarifying question for `topics`. It never contains the words that make the client
 * show the proposal buttons (estimate, quote, plan, next steps, scope: docs/product.md "Entities"),
 * and ends in a question mark; each question stands on its own line, at most three (docs/product.md
 * "agent-1", "Questions"). `firstTurn` adds a short introduction by `aiName` and what the agent
 * understood; `answers` (the person's own questions answered, Markdown) come before the questions.
 */
export function questionText(
  topics: readonly Topic[],
  facts: IntakeFacts,
  options: { aiName: string; firstTurn: boolean; answers?: string },
): string {
  const lines: string[] = [];
  if (topics.includes('goal')) lines.push(GOAL_QUESTION);
  else {
    if (topics.includes('details')) {
      lines.push(detailsQuestion(facts));
      if (facts.type !== 'bug_fix' && facts.type !== 'unclear') lines.push('What does done look like for you?');
    }
    // At most three questions: with the details asked too, the wrap-up becomes one.
    if (topics.some((t) => t === 'code' || t === 'timing')) lines.push(...wrapUpQuestions(facts, topics, lines.length > 1));
  }
  return withIntro(lines, facts, options);
}

/**
 * Questions as agent-1 sends them: the introduction (first turn) or a short thanks, the answers to the
 * person's own questions, then the questions one per line.
 */
export function withIntro(
  questions: readonly string[],
  facts: IntakeFacts,
  options: { aiName: string; firstTurn: boolean; answers?: string },
): string {
  // The first question says who asks and what was understood; later ones just ask, so that no
  // question repeats the earlier ones' words.
  const intro = options.firstTurn
    ? `Hi, I'm ${options.aiName}. I gather the details of your project and pass them on to a human expert.${facts.goal && facts.type !== 'unclear' ? ` ${understanding(facts)}` : ''}`
    : 'Thanks.';
  const answers = options.answers ? [options.answers, ''] : [];
  return [intro, '', ...answers, ...questions].join('\n');
}
