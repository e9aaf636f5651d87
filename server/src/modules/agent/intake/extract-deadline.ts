import * as chrono from 'chrono-node';
import type { Deadline } from './types.ts';

/**
 * chrono resolves relative phrases against a reference date. A fixed one keeps the agent deterministic;
 * only the phrase is kept, and the past/future test below needs no real "today".
 */
const REFERENCE_DATE = new Date(Date.UTC(2024, 0, 1, 12));

const URGENT = /\b(?:asap|a\.s\.a\.p\.?|urgent(?:ly)?|as soon as possible|right away|immediately|emergency)(?![\p{L}])/iu;
const FLEXIBLE =
  /\b(?:no rush|no hurry|no (?:hard |fixed |strict |real )?deadline|not urgent|take your time|whenever|(?:deadline|timeline|timing) is flexible|flexible (?:deadline|timeline|timing))\b/i;

/** Words that make a date a due date: "by Friday", "launch in June", "need it next week". */
const DUE_CUE =
  /\b(?:by|before|until|till|due|deadline|need(?:s|ed)?|ready|launch\w*|ship\w*|live|demo|release\w*|finish\w*|done|complete\w*|deliver\w*|latest|target|timeline|want it|have it)\b/gi;
/** Phrases that are forward-looking on their own: "within 2 weeks", "next Friday", "end of the month". */
const FORWARD_PHRASE =
  /^(?:within|in\s+(?:\d+|a|an|one|two|three|four|five|six|a few|a couple of)\b|next\b|this\b|end of|by\b|tomorrow|tonight)/i;
/** "Today" or "tonight" opening an answer is a due date; elsewhere only after a due cue ("need it today"). */
const TODAY = /^(?:today|tonight)\b/i;
/** Past-tense words between the cue and the date mean the date tells when something happened. */
const PAST_MARKER = /\b(?:broke|broken|crashed|happened|started|began|since|ago|was|were|did|stopped|upgraded|deployed|last)\b/i;
const LEADING_PREPOSITION = /\b(?:by|before|until|till|no later than)\s+(?:the\s+)?$/i;

/** "within a few seconds" or "in under 2 minutes" is a speed, not a due date. */
const SHORT_SPAN = /\b(?:ms|milliseconds?|seconds?|secs?|minutes?|mins?|hours?|hrs?)\b/i;
/** A bare span or event answering "when do you need it done": "two months", "before Black Friday". */
const SPAN_ANSWER =
  /\b(?:(?:in|within)\s+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|\d+|a few|a couple of)\s+(?:days?|weeks?|months?|sprints?)\b|\b(?:before|by)\s+(?:the\s+)?(?:end of (?:the |this |next )?(?:week|month|quarter|year|Q[1-4])|Q[1-4]\b|[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b|\b(?:by|before|until|due(?: on)?|on)\s+the\s+\d{1,2}(?:st|nd|rd|th)\b/;

function isDueDate(text: string, result: chrono.ParsedResult): boolean {
  if (result.start.date() < REFERENCE_DATE || SHORT_SPAN.test(result.text)) return false;
  // A time of day alone ("before 7 am") says when something runs, not when the work is due.
  const day = result.start.isCertain('day') || result.start.isCertain('weekday') || result.start.isCertain('month');
  if (result.start.isCertain('hour') && !day) return false;
  if (/^at\b/i.test(result.text)) return false;
  // "Today, $200" answers the question; "it has email login today" does not: then a due cue must precede it.
  if (TODAY.test(result.text) && /^[\s\W]*$/.test(text.slice(0, result.index))) return true;
  if (FORWARD_PHRASE.test(result.text)) return true;
  const before = text.slice(Math.max(0, result.index - 40), result.index);
  const cues = [...before.matchAll(DUE_CUE)];
  const last = cues[cues.length - 1];
  if (!last) return false;
  return !PAST_MARKER.test(before.slice(last.index + last[0].length));
}

function phraseOf(text: string, result: chrono.ParsedResult): string {
  const preposition = LEADING_PREPOSITION.exec(text.slice(0, result.index))?.[0] ?? '';
  return `${preposition.toLowerCase()}${result.text}`.replace(/\s+/g, ' ').replace(/[\s,;:.]+$/, '');
}

/**
 * Reads a deadline from one message, kept as the person's phrase: a due date found by chrono ("by next
 * Friday", "within 2 weeks", "June 3rd" after "go live on"), an urgency word ("ASAP", "urgent": `urgent`
 * true) or a flexible answer ("no rush"). Dates that lie in the past or carry no due cue ("it broke
 * yesterday", "at 5 users") and speeds ("within a few seconds") are ignored; a bare span or event
 * ("two months", "before Black Friday") counts as the answer it usually is. Returns null when none is found.
 */
export function extractDeadlineFromMessage(text: string): Deadline | null {
  const urgent = URGENT.exec(text);
  const due = chrono.en.parse(text, REFERENCE_DATE, { forwardDate: true }).find((r) => isDueDate(text, r));
  if (due) return { text: phraseOf(text, due), urgent: urgent !== null };
  if (urgent) return { text: urgent[0].toUpperCase() === 'ASAP' ? 'ASAP' : urgent[0], urgent: true };
  const flexible = FLEXIBLE.exec(text);
  if (flexible) return { text: `flexible (${flexible[0]})`, urgent: false };
  const span = SPAN_ANSWER.exec(text);
  return span ? { text: span[0], urgent: false } : null;
}

/** The deadline of a conversation: the one in the latest message that states one (people revise deadlines). */
export function extractDeadline(messages: readonly string[]): Deadline | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const deadline = extractDeadlineFromMessage(messages[i] ?? '');
    if (deadline) return deadline;
  }
  return null;
}
