import { STACK_CATALOG, type AliasContext, type StackEntry } from './stack-catalog.ts';
import type { StackItem } from './types.ts';

interface CompiledAlias {
  entry: StackEntry;
  pattern: RegExp;
  context: AliasContext | undefined;
}

interface Hit {
  start: number;
  end: number;
  entry: StackEntry;
}

/** How many characters around an alias its context patterns see. */
const CONTEXT_WINDOW = 40;

// Word boundaries that also work for names starting or ending in a mark (".NET", "C#", "C++"):
// a letter, digit or underscore next to the alias means it is part of another word.
const compiled: readonly CompiledAlias[] = STACK_CATALOG.flatMap((entry) =>
  entry.aliases.map((alias) => {
    const text = typeof alias === 'string' ? alias : alias.text;
    const body = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    const flags = typeof alias === 'string' ? 'giu' : 'gu';
    return {
      entry,
      pattern: new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, flags),
      context: typeof alias === 'string' ? undefined : alias.context,
    };
  }),
);

function contextAllows(context: AliasContext | undefined, before: string, after: string): boolean {
  if (!context) return true;
  if (context.notBefore?.test(before) || context.notAfter?.test(after)) return false;
  if (!context.before && !context.after) return true;
  return (context.before?.test(before) ?? false) || (context.after?.test(after) ?? false);
}

/**
 * Finds the technologies named in `text` (the person's messages), in order of first mention, under
 * their canonical catalog names. Matching is whole-word; names that are also ordinary words only count
 * in the letter case and context given by the catalog, so "go live" is not Go and "a react" is not React.
 * Where two aliases overlap ("React Native" and "React") the longer one wins.
 */
export function findStackInText(text: string): StackItem[] {
  const hits: Hit[] = [];
  for (const { entry, pattern, context } of compiled) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      const before = text.slice(Math.max(0, start - CONTEXT_WINDOW), start);
      const after = text.slice(end, end + CONTEXT_WINDOW);
      if (contextAllows(context, before, after)) hits.push({ start, end, entry });
    }
  }
  const kept: Hit[] = [];
  const byLength = [...hits].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  for (const hit of byLength) {
    if (!kept.some((k) => hit.start < k.end && k.start < hit.end)) kept.push(hit);
  }
  kept.sort((a, b) => a.start - b.start);
  return uniqueItems(kept.map((h) => h.entry));
}

/**
 * Technologies revealed by attachment file names: an extension (".py") or a whole file name
 * ("package.json") listed under `files` in the catalog. Comparison ignores letter case and folders.
 */
export function findStackInFileNames(fileNames: readonly string[]): StackItem[] {
  const entries = fileNames.flatMap((raw) => {
    const name = (raw.split(/[\\/]/).pop() ?? raw).toLowerCase();
    return STACK_CATALOG.filter((entry) =>
      (entry.files ?? []).some((hint) => (hint.startsWith('.') ? name.endsWith(hint) : name === hint)),
    );
  });
  return uniqueItems(entries);
}

/** Merges stack lists, keeping the first position of each canonical name. */
export function mergeStack(...lists: readonly StackItem[][]): StackItem[] {
  return uniqueItems(lists.flat());
}

function uniqueItems(entries: readonly { name: string; kind: StackItem['kind'] }[]): StackItem[] {
  const seen = new Map<string, StackItem>();
  for (const { name, kind } of entries) if (!seen.has(name)) seen.set(name, { name, kind });
  return [...seen.values()];
}
