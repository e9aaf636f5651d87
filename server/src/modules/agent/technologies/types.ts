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

/**
 * What a technology is for, where that changes the size of work on it (intake/work-kinds.ts):
 * - `payments`: payment providers (Stripe, PayPal, Paddle); money changes hands, so work on them is tested with care.
 * - `analytics`: analytics and BI tools where dashboards and reports are built (Looker, Power BI, Metabase).
 * - `warehouse`: data warehouses (BigQuery, Snowflake, Redshift).
 * - `etl`: tools that move data between systems (Fivetran, Airbyte, dbt, Segment).
 * - `crm`: CRMs and marketing automation (HubSpot, Salesforce), a common source of data.
 * - `messaging`: chat platforms bots live on (Telegram, Discord, Slack).
 * - `domains`: registrars and DNS providers (Namecheap, GoDaddy, Route 53).
 * - `hosting`: where apps run (Vercel, Heroku, AWS).
 * - `automation`: platforms that run automations between other services (Zapier, Make, n8n).
 */
export type TechRole = 'payments' | 'analytics' | 'warehouse' | 'etl' | 'crm' | 'messaging' | 'domains' | 'hosting' | 'automation';

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
  /** What it is for, besides what the technology library's categories say (`TechRole`). */
  roles?: readonly TechRole[];
  /**
   * The person's project lives on it, with no repository of its own: a hosted builder (Bubble,
   * Webflow, Zapier) or an online editor that also runs the app (Replit). Naming it as the project's
   * platform says where the work is done. The library's no-code products it marks as SaaS count too.
   */
  hosted?: true;
  /**
   * Its built-in AI may have written the person's code (Replit's agent): where the text says so
   * ("built it with Replit") it is an AI tool, as an AI model is (ai-role.ts); elsewhere it is stack.
   */
  writesCode?: true;
}

/** A technology recognised in the person's words, under its canonical name. */
export interface Technology {
  name: string;
  kind: TechKind;
  /** True when not named but implied by a named one (Spring Boot → Java). */
  implied?: boolean;
}
