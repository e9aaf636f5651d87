import { ASKS_FOR_DETAILS } from '@unstuck/contract';
/**
 * Words that carry no substance about the work: stop words, greetings, politeness and vague requests.
 * "help", "need" and "something" are here on purpose: "can you help me with something?" is not a goal.
 */
const FILLER_WORDS = new Set(
  (
    'a an the and or but if so to of in on at by for with from into about as is am are was were be been being ' +
    'do does did doing done have has had i me my mine we us our you your yours he she it its they them their ' +
    'this that these those there here what which who whom whose when where why how can could would will shall ' +
    'should may might must not no yes ok okay hi hello hey hiya yo thanks thank thx please pls just really very ' +
    'also too some any all more most much many lot lots thing things stuff something anything everything ' +
    'help need needs needed want wants wanted like get got make sure know think guess maybe ' +
    'good great nice cool awesome fine well sorry hmm um uh lol question questions morning afternoon evening ' +
    'im ive id dont cant wont whats thats theres lets'
  ).split(' '),
);

/** Splits text into lowercase words (letters, digits, and the marks inside names such as "next.js", "c#"). */
function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}'.#+-]*/gu)
      ?.map((w) => w.replace(/[.'-]+$/, '')) ?? []
  );
}

/** The words of `text` that carry substance: not fillers, greetings or one-letter tokens. */
export function meaningfulWords(text: string): string[] {
  return words(text).filter((w) => w.length > 1 && !FILLER_WORDS.has(w.replace(/'/g, '')));
}

/**
 * Splits text into sentences at ., !, ? or line breaks, keeping the end mark. Dots inside names and
 * numbers ("Next.js", "3.12") do not end a sentence because a letter or digit follows them.
 */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])(?![\p{L}\p{N}.!?])|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Cuts text to at most `max` characters at a word boundary, adding "…" when cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** Upper-cases the first letter. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Prefixes a noun phrase with "a" or "an" by its first letter ("an integration", "a bug fix"). */
export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/** Joins items as "a, b and c". */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/**
 * The client hides the proposal buttons on question-like phrases (docs/product.md "Proposal"; the rule lives in
 * the contract). Text quoted from the person goes through `toStatement` before it enters a proposal, so
 * their own words cannot switch the buttons off.
 */
const QUESTION_LIKE = new RegExp(ASKS_FOR_DETAILS.source, 'gi');

/** Turns the person's words into a statement safe to quote in a proposal: no "?" and no question-like phrases. */
export function toStatement(text: string): string {
  return text
    .replace(QUESTION_LIKE, ' ')
    .replace(/\?+/g, '.')
    .replace(/\s+([.,!])(?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text as Markdown that renders as exactly these characters: every ASCII punctuation mark Markdown or
 * HTML could read as syntax (emphasis, code, links and images, raw HTML, entities, tables,
 * strikethrough, headings) gets a backslash, which CommonMark 0.31 §2.4 turns back into the literal
 * mark. The intake agent writes every sentence of its messages through this, since those sentences
 * quote the person (`<style>` and `<form>` in a request must stay text). Escaping `[`
 * also keeps the task-section marker from forming. Pure.
 */
export function asMarkdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>&!~|#]/g, '\\$&');
}
