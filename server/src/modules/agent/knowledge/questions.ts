import { isGoalStatement } from '../intake/goal.ts';
import { sentences, truncate } from '../intake/text.ts';
import { answerTopic, topicsOfQuestion, type AgentKnowledge, type KnowledgeTopic } from './knowledge.ts';

/** A sentence that asks, though written without a question mark: "how do I pay", "do you work weekends". */
const ASKING_OPENING =
  /^(?:(?:and|so|also|but|ok(?:ay)?|btw|one more thing)[,\s]+)?(?:how|what|when|who|whom|which|why|where|is|are|am|do|does|did|can|could|will|would|should|may|might|shall)\b/i;

/** "Can you fix it", "could someone build": the request itself, put as a question. */
const REQUEST_AS_QUESTION =
  /^(?:(?:hi|hello|hey)[,!\s]+)?(?:can|could|would|will) (?:you|someone|somebody|anyone|an expert|your experts?)(?: please)?\s+(?:help|fix|build|make|create|add|set|look|take a look|check|debug|connect|migrate|upgrade|deploy|write|review|do this|do it)\b/i;

/** The sentences of a message that ask something, in order: ending in "?", or opening like a question. */
export function findQuestions(message: string): string[] {
  return sentences(message).filter((s) => /\?\s*$/.test(s) || (ASKING_OPENING.test(s) && !/[.!]$/.test(s)));
}

/** One question of the person and what agent-1 says to it. */
export interface AnsweredQuestions {
  /** The answers, one per topic asked, in topic order, no topic twice. */
  answers: string[];
  /** Questions no fact answers: agent-1 passes them on to the expert. */
  passedOn: string[];
  /** True when the message asked anything agent-1 answers or passes on. */
  asked: boolean;
}

/**
 * Reads `message` for questions about the service (knowledge.ts topics) and answers each from
 * `knowledge`; a question about something else that is not the request itself ("can you fix my app")
 * nor a statement of the work is passed on to the expert. Pure.
 */
export function answerQuestions(message: string, knowledge: AgentKnowledge): AnsweredQuestions {
  const topics: KnowledgeTopic[] = [];
  const passedOn: string[] = [];
  for (const question of findQuestions(message)) {
    const found = topicsOfQuestion(question);
    if (found.length > 0) topics.push(...found.filter((t) => !topics.includes(t)));
    else if (!REQUEST_AS_QUESTION.test(question) && !isGoalStatement(question)) passedOn.push(truncate(question, 160));
  }
  return { answers: topics.map((t) => answerTopic(t, knowledge)), passedOn, asked: topics.length > 0 || passedOn.length > 0 };
}

/**
 * The answers as Markdown paragraphs, the passed-on questions last ("I've passed your question “…”
 * on to the expert"). `escape` makes the quoted words plain text. Empty when nothing was asked.
 */
export function answersText(answered: AnsweredQuestions, escape: (text: string) => string): string {
  const passed = answered.passedOn.map(
    (q) => `I've passed your question “${escape(q.replace(/\?+\s*$/, ''))}” on to the expert, who answers it when they take the task.`,
  );
  return [...answered.answers.map(escape), ...passed].join('\n\n');
}
