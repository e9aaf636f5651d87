import { readTechnologies } from '../technologies/recognise.ts';
import type { ScaleFact } from './types.ts';

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  dozen: 12,
  'a dozen': 12,
  'a hundred': 100,
  'a thousand': 1000,
};

/** Units by measure; a plural "s" is optional. */
const UNITS: readonly (readonly [ScaleFact['measure'], RegExp])[] = [
  ['code', /^(?:lines?(?: of code)?|loc)\b/i],
  [
    'items',
    /^(?:components?|pages?|screens?|views?|forms?|templates?|endpoints?|routes?|modules?|extensions?|plugins?|tables?|collections?|buckets?|functions?|triggers?|jobs?|queues?|reports?|integrations?|suppliers?|sources?|sites?|stores?|workflows?|zaps?|roles?|languages?|environments?|microservices?|services?|apps?|dashboards?|flows?|emails?|questions?)\b/i,
  ],
  ['people', /^(?:users?|members?|customers?|subscribers?|employees?|students?|accounts?|visitors?|clients?|players?|tenants?)\b/i],
  [
    'data',
    /^(?:rows?|records?|documents?|docs|articles?|products?|orders?|items?|files?|messages?|videos?|listings?|transactions?|events?|requests?)\b/i,
  ],
];

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|m|million|thousand)?`;
const WORD_NUMBER = String.raw`(${Object.keys(NUMBER_WORDS).join('|')})`;
const COUNT = new RegExp(String.raw`(?<![\p{L}\p{N}$€£.,])(?:${NUMBER}|${WORD_NUMBER})(?![\p{L}\p{N}%])`, 'giu');
/** Words that end a count's phrase: what follows them is not its unit. */
const LINKING_WORD = /^(?:per|a|an|each|every|in|on|of|for|from|to|with|at|by|than|or|and)$/i;
/** One word after a count, with the space before it: the unit, or one of at most two words before it. */
const NEXT_WORD = /^\s+([\p{L}\p{N}.+#-]+)/u;

function value(digits: string | undefined, suffix: string | undefined, word: string | undefined): number {
  if (word) return NUMBER_WORDS[word.toLowerCase()] ?? 0;
  const base = Number((digits ?? '0').replace(/,/g, ''));
  const multiplier = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6 }[(suffix ?? '').toLowerCase()] ?? 1;
  return base * multiplier;
}

/**
 * Counts with a unit in the person's words ("about 80 components", "40k users", "Eight pages", "80
 * million rows", "2,000 lines of auth code"), at most two words between number and unit ("200 Angular 12 components"). Money,
 * versions ("Vue 3") and times are not counts: they have no unit of the table above. The largest
 * count per unit wins.
 */
export function extractScale(text: string): ScaleFact[] {
  const found = new Map<string, ScaleFact>();
  for (const match of text.matchAll(COUNT)) {
    // A number right after a technology's name is its version ("Vue 2 app", "iOS 18"), not a count.
    const before = /([\p{L}.#+]+) $/u.exec(text.slice(Math.max(0, match.index - 30), match.index))?.[1] ?? '';
    if (before && readTechnologies(before).stack.length > 0) continue;
    let rest = text.slice(match.index + match[0].length);
    for (let skipped = 0; skipped <= 2; skipped++) {
      const unitMatch = UNITS.map(([measure, unit]) => [measure, unit.exec(rest.trimStart())?.[0]] as const).find(([, word]) => word);
      if (unitMatch?.[1]) {
        const count = value(match[1], match[2], match[3]);
        const unit = unitMatch[1]
          .toLowerCase()
          .replace(/ of code$/, '')
          .replace(/s$/, '');
        if (count > 0 && (found.get(unit)?.count ?? 0) < count) found.set(unit, { count, unit, measure: unitMatch[0] });
        break;
      }
      const word = NEXT_WORD.exec(rest);
      // "300 queries per page": a count is of the word before "per", "a" or "in", never after.
      if (!word || LINKING_WORD.test(word[1] ?? '')) break;
      rest = rest.slice(word[0].length);
    }
  }
  return [...found.values()];
}
