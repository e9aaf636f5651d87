import { technologyCatalogue } from './catalogue.ts';
import { readTechnologies, withImplied } from './recognise.ts';
import type { Technology } from './types.ts';

/** Lower case, one space between words: how a typed name is looked up. */
const plainKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
/** The same without spaces, dots, hyphens and underscores: "Next-JS", "next js" and "NextJS" meet as "nextjs". */
const looseKey = (text: string) => plainKey(text).replace(/[\s._-]+/g, '');

interface NameIndex {
  plain: ReadonlyMap<string, string>;
  loose: ReadonlyMap<string, string>;
}

let index: NameIndex | undefined;

/**
 * Every written form of the technology catalogue under both keys, pointing at its canonical name. The
 * catalogue lists curated entries first, so where two technologies share a key the curated one wins
 * ("Go" is the language). Letter case and context rules do not apply: a profile's skill is a name, not
 * a sentence.
 */
function nameIndex(): NameIndex {
  if (index) return index;
  const plain = new Map<string, string>();
  const loose = new Map<string, string>();
  const add = (text: string, name: string) => {
    if (!plain.has(plainKey(text))) plain.set(plainKey(text), name);
    if (looseKey(text) && !loose.has(looseKey(text))) loose.set(looseKey(text), name);
  };
  const { forms, byName } = technologyCatalogue();
  for (const name of byName.keys()) add(name, name);
  for (const form of forms) add(form.text, form.name);
  index = { plain, loose };
  return index;
}

/**
 * The technologies a name stands for, under their catalogue names: the catalogue entry it names in
 * any letter case or spacing ("nextjs", "Next.js", "NEXT JS" → Next.js), else the technologies a
 * phrase names ("React and TypeScript"), else the name itself, compared case-insensitively (a skill
 * the catalogue does not know still meets the same word in a stack).
 */
function technologiesOf(name: string): Technology[] {
  const { plain, loose } = nameIndex();
  const { byName } = technologyCatalogue();
  const known = plain.get(plainKey(name)) ?? loose.get(looseKey(name));
  if (known) return [{ name: known, kind: byName.get(known)?.kind ?? 'tool' }];
  const read = readTechnologies(name).stack.filter((tech) => !tech.implied);
  if (read.length > 0) return read;
  return looseKey(name) ? [{ name: `~${looseKey(name)}`, kind: 'tool' }] : [];
}

/** Canonical names of `names` with what each implies (the catalogue's `implies`, two levels: SwiftUI → Swift). */
function canonicalSet(names: readonly string[]): Set<string> {
  return new Set(withImplied(names.flatMap(technologiesOf)).map((tech) => tech.name));
}

/**
 * Which of an expert's profile skills fit a task's stack: both sides are read with the technology
 * catalogue agent-1 uses (modules/agent/technologies), so letter case, spacing and aliases do not
 * matter ("Next.js" = "nextjs" = "NextJS", "Postgres" = "PostgreSQL"), and each side counts with what
 * its technologies imply (an expert who knows Next.js knows React; a Next.js task needs React).
 * @param skills the expert's skills as they typed them.
 * @param stack the task's stack as agent-1 recorded it (`metadata.intake.stack`).
 * @returns the expert's skills that match, as they typed them, in their order; empty when none.
 */
export function matchingSkills(skills: readonly string[], stack: readonly string[]): string[] {
  const needed = canonicalSet(stack);
  if (needed.size === 0) return [];
  return skills.filter((skill) => [...canonicalSet([skill])].some((name) => needed.has(name)));
}
