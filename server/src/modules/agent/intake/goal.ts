import { extractBudgetFromMessage } from './extract-budget.ts';
import { extractDeadlineFromMessage } from './extract-deadline.ts';
import { readTechnologies } from '../technologies/recognise.ts';
import { capitalize, meaningfulWords, sentences, truncate } from './text.ts';
import type { Goal } from './types.ts';

/** Verbs that say what should be done. */
const ACTION =
  /\b(?:move|moving|switch|transfer|build|create|make|develop|code|write|design|redesign|add|implement|integrate|connect|deploy|host|launch|ship|migrate|port|convert|fix|debug|repair|solve|resolve|set ?up|configure|automate|scrape|optimi[sz]e|speed up|refactor|upgrade|finish|complete|improve|extend|customi[sz]e|clone|publish|install)\w*/i;
/** Words that say something is wrong. */
const PROBLEM =
  /\b(?:bugs?|broken|breaks|errors?|exceptions?|crash\w*|fail\w*|not working|doesn'?t work|won'?t|can'?t|cannot|slow\w*|timeouts?|times out|leak\w*|stale|duplicat\w+|down|restart\w*|drains?|blank|dying|dies|[45]\d\d)\b/i;
/** Things people ask to have built. */
const DELIVERABLE =
  /\b(?:apps?|application|website|site|platform|saas|mvp|marketplace|store|shop|dashboard|api|backend|frontend|chatbot|extension|plugin|integration|landing page|portal|crm|game|script|feature|automation)\b/i;

/**
 * Words that name the kind of work without saying what it is about: "build an app" or "fix a bug"
 * alone is not a goal; "app for booking dog walks" is.
 */
const GENERIC = new Set(
  'app apps application website site web platform build building create make develop fix fixing bug bugs error errors problem problems issue issues project code coding software program tool tools idea work working broken stuck new mvp feature features help'.split(
    ' ',
  ),
);

function hasSignal(text: string): boolean {
  return ACTION.test(text) || PROBLEM.test(text) || DELIVERABLE.test(text);
}

/** The words of `text` that say what the work is about: neither generic work words ("app", "bug") nor technology names. */
export function specificWords(text: string): string[] {
  const { stack, aiTools } = readTechnologies(text);
  const techWords = new Set([...stack.map((t) => t.name), ...aiTools].flatMap((name) => meaningfulWords(name)));
  return meaningfulWords(text).filter((w) => !GENERIC.has(w) && !techWords.has(w));
}

/**
 * The goal rule: a text states a goal when it has an action, problem or deliverable word ("build",
 * "error", "app") and at least two meaningful words of which at least one is specific, i.e. neither a
 * generic work word ("app", "bug") nor a technology name. So "hi", "can you help?", "I want to build an
 * app" and "I'm stuck on a Lovable app" are not goals; "a website for my bakery" and "fix my login bug" are.
 */
export function isGoalStatement(text: string): boolean {
  return hasSignal(text) && meaningfulWords(text).length >= 2 && specificWords(text).length >= 1;
}

const REQUEST_FILLERS: readonly RegExp[] = [
  /^(?:hi|hello|hey|hiya|yo|greetings)(?: there)?[,!.\s-]*/i,
  /^(?:so|well|ok(?:ay)?|basically|um+|also)[,\s]+/i,
  /^(?:please\s+)?(?:can|could|would|will) you(?: please)?\s+/i,
  /^(?:please\s+)?help me(?: to| with| on)?\s+/i,
  /^i(?:'d| would) like(?: you)?(?: to)?\s+/i,
  /^i(?:'m| am)? ?(?:really )?(?:want|need|looking for)(?: (?:you|someone|somebody|a developer|an expert))?(?: to| for)?\s+/i,
  /^(?:some )?help(?: with| on| to)?\s+/i,
  /^please\s+/i,
];

function withoutFillers(sentence: string): string {
  let text = sentence.trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const filler of REQUEST_FILLERS) {
      const next = text.replace(filler, '');
      if (next !== text && next.length > 0) {
        text = next;
        changed = true;
      }
    }
  }
  return capitalize(text);
}

/**
 * The goal of a conversation from the person's messages (oldest first), or null while none is stated
 * (rule: `isGoalStatement`). A message with a work word but too little substance ("I need a website")
 * is read together with the next one ("for my bakery"). The goal text starts at the first sentence
 * with a work word, drops greetings and request fillers ("can you help me"), and keeps whole sentences
 * up to about 280 characters, skipping later ones that state the deadline or budget (title.ts writes
 * the title in the agent's own words).
 */
export function extractGoal(messages: readonly string[]): Goal | null {
  let pending = '';
  for (const message of messages) {
    const fragment = `${pending} ${message}`.trim();
    if (isGoalStatement(fragment)) return goalFrom(fragment);
    pending = hasSignal(message) ? fragment : '';
  }
  return null;
}

function goalFrom(fragment: string): Goal {
  const all = sentences(fragment);
  const start = Math.max(0, all.findIndex(hasSignal));
  const kept: string[] = [];
  for (const sentence of all.slice(start)) {
    // Later sentences about the deadline or budget are facts of their own, shown (and revised) apart.
    if (kept.length > 0 && (extractBudgetFromMessage(sentence) || extractDeadlineFromMessage(sentence))) continue;
    const clean = withoutFillers(sentence);
    if (kept.length > 0 && [...kept, clean].join(' ').length > 280) break;
    kept.push(clean);
  }
  return { text: truncate(kept.join(' '), 300) };
}
