/**
 * Family of a technology; it decides how a technology counts when sizing work and whether it belongs
 * to the person's stack at all:
 * - `ai-assistant`: AI app builders and coding assistants (Cursor, Lovable, v0): context, never stack.
 * - `ai-model`: AI models and their APIs (OpenAI, Claude): stack when the product uses them, context
 *   when the person only had them write code (see ai-role.ts).
 * - `code-host`: where the code lives (GitHub, GitLab): tells about access to the code, not the stack.
 * - `no-code`: hosted builders, CMSs, shops and automation platforms (Webflow, WordPress, Zapier).
 */
export type TechKind =
  'language' | 'framework' | 'database' | 'platform' | 'service' | 'tool' | 'no-code' | 'ai-model' | 'ai-assistant' | 'code-host';

/**
 * Where an ambiguous alias may stand, tested on the text just before and just after it. The alias
 * counts when neither `notBefore` nor `notAfter` matches and, if `before` or `after` is given, at least
 * one of those matches.
 */
export interface AliasContext {
  before?: RegExp;
  after?: RegExp;
  notBefore?: RegExp;
  notAfter?: RegExp;
}

/**
 * One way of writing a technology. A plain string matches in any letter case; an object with `exact`
 * matches only as written, for names that are also ordinary words ("Swift", "Cursor", "Go").
 */
export type Alias = string | { text: string; exact: true; context?: AliasContext };

/** One technology of our curated catalogue: canonical name, family, aliases and hints. */
export interface CuratedEntry {
  name: string;
  kind: TechKind;
  aliases: readonly Alias[];
  /** Attachment names that reveal the technology: an extension (".py") or a whole file name ("go.mod"). */
  files?: readonly string[];
  /** The technology's name in the technology library when it differs from `name` ("Vue.js" for "Vue"). */
  library?: string;
  /** Technologies an expert knows come with this one (SwiftUI means Swift). */
  implies?: readonly string[];
}

/** A technology recognised in the person's words, under its canonical name. */
export interface Technology {
  name: string;
  kind: TechKind;
  /** True when not named but implied by a named one (Spring Boot → Java). */
  implied?: boolean;
}
