import { wroteTheCode } from './ai-role.ts';
import { technologyCatalogue, type SurfaceForm } from './catalogue.ts';
import type { Technology } from './types.ts';

/** What the person's words say about technology, each list in order of first mention. */
export interface TechnologyReading {
  /** The technologies of the person's project, named ones first, then the ones they imply. */
  stack: Technology[];
  /** AI builders and assistants, and AI models that only wrote code: context, never stack. */
  aiTools: string[];
  /** Where the code is hosted (GitHub, GitLab...): a sign of access to the code. */
  codeHosts: string[];
}

interface Hit {
  start: number;
  end: number;
  form: SurfaceForm;
}

/** How many characters around a name its context patterns and the AI-role rule see. */
const CONTEXT_WINDOW = 60;

/** Words after an everyday-word product name at the start of a sentence that show it is the product ("Bubble app"). */
const PRODUCT_NOUN_AFTER =
  /^(?:['’]s\b|\s+(?:app|apps|site|website|store|shop|api|backend|server|project|account|plugin|extension|integration|functions?|database|instance|workspace|theme|webhooks?|dashboard|admin|bot|sdk)\b)/i;
const SENTENCE_START = /(?:^|[.!?:;\n]\s*|^\s*[-*]\s*)$/;

let index: ReadonlyMap<string, SurfaceForm[]> | undefined;
const patterns = new Map<SurfaceForm, RegExp>();

/** The first run of letters or digits of a form, lower case: the key the index files it under. */
function keyOf(text: string): string {
  return /[\p{L}\p{N}]+/u.exec(text.toLowerCase())?.[0] ?? '';
}

// Word boundaries that also work for names starting or ending in a mark (".NET", "C#", "C++"): a
// letter, digit or underscore next to the name means it is part of another word. Compiled on first
// use: most of the catalogue's thousands of names never come up.
function patternOf(form: SurfaceForm): RegExp {
  let pattern = patterns.get(form);
  if (!pattern) {
    const body = form.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    const flags = form.policy === 'any-case' ? 'giu' : 'gu';
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, flags);
    patterns.set(form, pattern);
  }
  return pattern;
}

function formIndex(): ReadonlyMap<string, SurfaceForm[]> {
  if (index) return index;
  const map = new Map<string, SurfaceForm[]>();
  for (const form of technologyCatalogue().forms) {
    const key = keyOf(form.text);
    if (!key) continue;
    const list = map.get(key) ?? [];
    list.push(form);
    map.set(key, list);
  }
  index = map;
  return map;
}

function accepts(form: SurfaceForm, before: string, after: string): boolean {
  if (form.policy === 'name' && SENTENCE_START.test(before) && !PRODUCT_NOUN_AFTER.test(after)) return false;
  const context = form.context;
  if (!context) return true;
  if (context.notBefore?.test(before) || context.notAfter?.test(after)) return false;
  if (!context.before && !context.after) return true;
  return (context.before?.test(before) ?? false) || (context.after?.test(after) ?? false);
}

function findHits(text: string): Hit[] {
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  const keys = new Set(lower.match(/[\p{L}\p{N}]+/gu) ?? []);
  const hits: Hit[] = [];
  const forms = formIndex();
  for (const key of keys) {
    for (const form of forms.get(key) ?? []) {
      // A plain substring test first: the word-boundary pattern is much slower and rarely needed.
      if (!lower.includes(form.text.toLowerCase())) continue;
      for (const match of text.matchAll(patternOf(form))) {
        const start = match.index;
        const end = start + match[0].length;
        const before = text.slice(Math.max(0, start - CONTEXT_WINDOW), start);
        if (accepts(form, before, text.slice(end, end + CONTEXT_WINDOW))) hits.push({ start, end, form });
      }
    }
  }
  // Where two names overlap ("React Native" and "React", "GitHub Actions" and "GitHub") the longer wins.
  const kept: Hit[] = [];
  for (const hit of [...hits].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)) {
    if (!kept.some((k) => hit.start < k.end && k.start < hit.end)) kept.push(hit);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Adds what the named technologies imply (two levels: Blazor → .NET → C#), after the named ones. */
export function withImplied(named: readonly Technology[]): Technology[] {
  const { byName } = technologyCatalogue();
  const result = [...named];
  const seen = new Set(named.map((t) => t.name));
  let frontier = named;
  for (let depth = 0; depth < 2; depth++) {
    const next: Technology[] = [];
    for (const tech of frontier) {
      for (const implied of byName.get(tech.name)?.implies ?? []) {
        const entry = byName.get(implied);
        if (!entry || seen.has(implied)) continue;
        seen.add(implied);
        next.push({ name: implied, kind: entry.kind, implied: true });
      }
    }
    result.push(...next);
    frontier = next;
  }
  return result;
}

/**
 * Reads the technologies in `text` (the person's messages) with the technology catalogue (curated
 * entries and the Wappalyzer and Linguist library): whole names only, in the letter case and context
 * the catalogue gives for names that are also ordinary words ("go live" is not Go, "Fresh prices" is
 * not the Fresh framework). AI assistants (Cursor, Lovable), and AI models or platforms with a coding
 * agent that wrote or fixed the code ("Claude helped me write it", "built it with Replit"), become `aiTools`; code hosts (GitHub) become `codeHosts`; everything else is
 * the stack, followed by what it implies (Spring Boot → Java, Magento → PHP). Never throws.
 */
export function readTechnologies(text: string): TechnologyReading {
  const { byName } = technologyCatalogue();
  const named: Technology[] = [];
  const aiTools: string[] = [];
  const codeHosts: string[] = [];
  for (const { start, end, form } of findHits(text)) {
    const before = text.slice(Math.max(0, start - CONTEXT_WINDOW), start);
    const after = text.slice(end, end + CONTEXT_WINDOW);
    const mayHaveWritten = form.kind === 'ai-model' || byName.get(form.name)?.writesCode === true;
    if (form.kind === 'code-host') codeHosts.push(form.name);
    else if (form.kind === 'ai-assistant' || (mayHaveWritten && wroteTheCode(before, after))) aiTools.push(form.name);
    else named.push({ name: form.name, kind: form.kind });
  }
  const tools = unique(aiTools);
  // A model that wrote the code is a tool even where it is named again without that context.
  const stack = uniqueBy(named).filter((t) => !tools.includes(t.name));
  return { stack: withImplied(stack), aiTools: tools, codeHosts: unique(codeHosts) };
}

/**
 * Technologies revealed by attachment file names: an extension (".py") or a whole file name
 * ("package.json") that the catalogue ties to exactly one technology. Letter case and folders are
 * ignored. Returns them in order of the files, without duplicates.
 */
export function technologiesInFileNames(fileNames: readonly string[]): Technology[] {
  const { files, byName } = technologyCatalogue();
  const found: Technology[] = [];
  for (const raw of fileNames) {
    const name = (raw.split(/[\\/]/).pop() ?? raw).toLowerCase();
    const extension = name.includes('.') ? name.slice(name.lastIndexOf('.')) : '';
    const tech = files.get(name) ?? (extension ? files.get(extension) : undefined);
    const entry = tech ? byName.get(tech) : undefined;
    if (entry && entry.kind !== 'ai-assistant' && entry.kind !== 'code-host') found.push({ name: entry.name, kind: entry.kind });
  }
  return uniqueBy(found);
}

/** Merges technology lists, keeping the first position of each name. */
export function mergeTechnologies(...lists: readonly (readonly Technology[])[]): Technology[] {
  return uniqueBy(lists.flat());
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}

function uniqueBy(list: readonly Technology[]): Technology[] {
  const seen = new Map<string, Technology>();
  for (const tech of list) if (!seen.has(tech.name)) seen.set(tech.name, tech);
  return [...seen.values()];
}
