import { isCommonWord } from './common-words.ts';
import { CURATED_TECHNOLOGIES } from './curated.ts';
import { libraryTechnologies } from './library.ts';
import type { AliasContext, TechKind, TechRole } from './types.ts';

/**
 * How a written form may match: `any-case` anywhere; `as-written` only in the catalogue's letter case
 * (and `context`, when given); `name` as written and, at the start of a sentence, only when a word such
 * as "app" or "store" follows (an everyday word that is also a product: "Bubble", "Stripe").
 */
export type MatchPolicy = 'any-case' | 'as-written' | 'name';

/** One written form of a technology, as the recogniser looks for it. */
export interface SurfaceForm {
  text: string;
  name: string;
  kind: TechKind;
  policy: MatchPolicy;
  context?: AliasContext;
}

/** A technology of the merged catalogue under its canonical name. */
export interface CatalogueTechnology {
  name: string;
  kind: TechKind;
  implies: readonly string[];
  /** What it is for (curated, and from the library's categories). */
  roles: readonly TechRole[];
  /** The person's project lives on it (see `CuratedEntry.hosted`). */
  hosted: boolean;
  /** Its AI may have written the person's code (see `CuratedEntry.writesCode`). */
  writesCode: boolean;
}

/** The merged catalogue: every written form, technologies by canonical name, and file hints. */
export interface Catalogue {
  forms: readonly SurfaceForm[];
  byName: ReadonlyMap<string, CatalogueTechnology>;
  /** Lower-case extension or file name → canonical name (only hints that name exactly one technology). */
  files: ReadonlyMap<string, string>;
}

const CALENDAR_WORDS = new Set(
  'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday'.split(
    ' ',
  ),
);

/**
 * Words of the trade that some product is also called ("Repro", "Staging"): in a request they name a
 * step or an environment ("a repro", "prod", "asap"), never the person's technology.
 */
const WORDS_OF_THE_TRADE = new Set(
  'repro repros prod production staging stage asap dev devs local localhost live beta hotfix todo wip mvp qa uat'.split(' '),
);

/** Wappalyzer categories (categories.json) that say what a library technology is for. */
const ROLES_BY_CATEGORY: readonly (readonly [TechRole, readonly number[]])[] = [
  ['payments', [41, 91]],
  ['analytics', [10]],
  ['crm', [53, 32]],
  ['etl', [97]],
  ['hosting', [62, 63, 88]],
];

function rolesOf(categories: readonly number[]): TechRole[] {
  return ROLES_BY_CATEGORY.filter(([, ids]) => ids.some((id) => categories.includes(id))).map(([role]) => role);
}

/** Families whose implications the library states for the person's own stack (Magento → PHP), not for how the product itself is built. */
const IMPLIED_KINDS: ReadonlySet<TechKind> = new Set(['language', 'database']);
/** Families whose users write code on them, so that what the library says they imply is their stack too. */
const CODE_KINDS: ReadonlySet<TechKind> = new Set(['language', 'framework', 'database']);

/**
 * The policy for a name the library writes: one-word names as written, everyday words only as names
 * (not opening a sentence), short or calendar words and words of the trade ("repro", "prod") never (the curated catalogue covers "Go", "R", "C"
 * with their context), longer or marked names ("Apple Pay", "Next.js") in any case.
 */
function libraryPolicy(name: string): MatchPolicy | null {
  if (name.length < 3 || CALENDAR_WORDS.has(name.toLowerCase()) || WORDS_OF_THE_TRADE.has(name.toLowerCase())) return null;
  const words = name.split(/\s+/);
  const alphabetic = /^[\p{L}\s]+$/u.test(name);
  if (!alphabetic) return 'any-case';
  // Short acronyms clash with other meanings (RSS, AMP, SAP).
  if (words.length === 1 && name === name.toUpperCase() && name.length <= 3) return null;
  const everyday = words.every((w) => isCommonWord(w));
  // A one-word product name counts as its makers write it: "Waitlist" or "ChatBot" is the product,
  // "waitlist" or "chatbot" is a word (our curated list adds the lower-case forms people type).
  if (!everyday) return words.length === 1 ? 'as-written' : 'any-case';
  if (name === name.toLowerCase()) return null;
  if (words.length === 1 && name === name.toUpperCase()) return null;
  return words.length === 1 ? 'name' : 'as-written';
}

function buildCatalogue(): Catalogue {
  const library = libraryTechnologies();
  const libraryKinds = new Map(library.map((t) => [t.name, t.kind]));
  // Only implications the library is sure of and that say what the person's code is written in or stored with.
  const libraryImplies = (names: readonly string[]) => names.filter((n) => IMPLIED_KINDS.has(libraryKinds.get(n) ?? 'service'));

  const byName = new Map<string, CatalogueTechnology>();
  const canonical = new Map<string, string>();
  const forms: SurfaceForm[] = [];
  const taken = new Set<string>();
  const curatedFiles = new Map<string, string>();
  const libraryFiles = new Map<string, string | null>();

  for (const entry of CURATED_TECHNOLOGIES) {
    byName.set(entry.name, {
      name: entry.name,
      kind: entry.kind,
      implies: entry.implies ?? [],
      roles: entry.roles ?? [],
      hosted: entry.hosted === true,
      writesCode: entry.writesCode === true,
    });
    canonical.set(entry.name.toLowerCase(), entry.name);
    if (entry.library) canonical.set(entry.library.toLowerCase(), entry.name);
    for (const alias of entry.aliases) {
      if (typeof alias === 'string') {
        forms.push({ text: alias, name: entry.name, kind: entry.kind, policy: 'any-case' });
        taken.add(alias.toLowerCase());
      } else {
        forms.push({
          text: alias.text,
          name: entry.name,
          kind: entry.kind,
          policy: 'as-written',
          ...(alias.context ? { context: alias.context } : {}),
        });
      }
    }
    for (const hint of entry.files ?? []) curatedFiles.set(hint.toLowerCase(), entry.name);
  }

  for (const tech of library) {
    const name = canonical.get(tech.name.toLowerCase()) ?? tech.name;
    const known = byName.get(name);
    for (const hint of tech.files) {
      // A file hint counts only when a single technology claims it (".h" is C, C++ and Objective-C).
      libraryFiles.set(hint, libraryFiles.has(hint) && libraryFiles.get(hint) !== name ? null : name);
    }
    const kind = known?.kind ?? tech.kind;
    // The curated entry (or the first source) keeps its name and family; the library adds what it implies.
    const implied = CODE_KINDS.has(kind) ? libraryImplies(tech.implies) : [];
    byName.set(name, {
      name,
      kind,
      implies: [...new Set([...(known?.implies ?? []), ...implied])],
      roles: [...new Set([...(known?.roles ?? []), ...rolesOf(tech.categories)])],
      hosted: known?.hosted ?? (kind === 'no-code' && tech.saas),
      writesCode: known?.writesCode ?? false,
    });
    canonical.set(name.toLowerCase(), name);
    for (const text of [tech.name, ...tech.aliases]) {
      const policy = libraryPolicy(text);
      if (!policy || taken.has(text.toLowerCase())) continue;
      forms.push({ text, name, kind, policy });
      taken.add(text.toLowerCase());
    }
  }

  // Implications name technologies as their source writes them; point them at canonical names.
  for (const [name, entry] of byName) {
    const implies = entry.implies.map((n) => canonical.get(n.toLowerCase()) ?? n).filter((n) => n !== name && byName.has(n));
    byName.set(name, { ...entry, implies });
  }
  // A hosted add-on of a self-hosted product (a page builder that requires WordPress) does not host the project.
  for (const tech of library) {
    const name = canonical.get(tech.name.toLowerCase()) ?? tech.name;
    const entry = byName.get(name);
    const host = (required: string) => byName.get(canonical.get(required.toLowerCase()) ?? required)?.hosted === true;
    if (entry?.hosted && !tech.requires.every(host)) byName.set(name, { ...entry, hosted: false });
  }
  const files = new Map<string, string>();
  for (const [hint, name] of libraryFiles) if (name) files.set(hint, name);
  for (const [hint, name] of curatedFiles) files.set(hint, name);
  return { forms, byName, files };
}

let cache: Catalogue | undefined;

/**
 * The technology catalogue agent-1 reads requests with: our curated entries (curated.ts) first, then
 * every technology of the library (library.ts) that the curated list does not already name, each with
 * the written forms it may match in and how (`MatchPolicy`). Built once, on first use (~0.5 s).
 */
export function technologyCatalogue(): Catalogue {
  cache ??= buildCatalogue();
  return cache;
}
