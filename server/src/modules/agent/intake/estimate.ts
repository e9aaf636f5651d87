import type { RequestType } from '@unstuck/contract';
import { versionJump } from './title.ts';
import type { Budget, IntakeFacts } from './types.ts';
import { technologyCatalogue } from '../technologies/catalogue.ts';
import { analysedLanguages } from './extract-code-access.ts';
import { onNoCodeBuilder, workKindOf, type WorkKind } from './work-kinds.ts';

/** Hours of one kind of work before size signals, and the hard bounds of any estimate of it. */
interface HoursRow {
  base: readonly [number, number];
  min: number;
  max: number;
  /** Hours one extra piece of work adds (a named feature, an item added on revision). */
  perItem: readonly [number, number];
}

/**
 * The hours table: what experienced engineers typically book for each kind of work, before its size.
 * A bug fix is hours, an upgrade or a new product weeks; the bounds keep any estimate plausible.
 */
export const HOURS_TABLE: Readonly<Record<RequestType, HoursRow>> = {
  bug_fix: { base: [3, 10], min: 1, max: 60, perItem: [1, 3] },
  performance: { base: [12, 32], min: 4, max: 120, perItem: [2, 6] },
  upgrade_migration: { base: [16, 40], min: 8, max: 400, perItem: [4, 10] },
  security_review: { base: [10, 24], min: 4, max: 160, perItem: [2, 6] },
  infrastructure: { base: [24, 56], min: 4, max: 200, perItem: [4, 10] },
  testing: { base: [24, 60], min: 8, max: 400, perItem: [4, 10] },
  automation: { base: [12, 32], min: 4, max: 160, perItem: [3, 8] },
  integration: { base: [10, 28], min: 4, max: 160, perItem: [4, 10] },
  feature: { base: [10, 28], min: 4, max: 160, perItem: [4, 10] },
  new_build: { base: [60, 140], min: 8, max: 800, perItem: [8, 16] },
  unclear: { base: [2, 6], min: 1, max: 12, perItem: [0, 0] },
};

/** What a new build is, by the words that name it: a landing page is days, a mobile app months. */
const BUILD_SIZES: readonly (readonly [RegExp, readonly [number, number]])[] = [
  [/\b(?:landing page|one-page|single[- ]page site|waitlist|coming soon page)\b/i, [10, 24]],
  [/\b(?:bot|script|macro|extension|plugin|widget|cli)\b/i, [10, 28]],
  [/\b(?:chatbot|assistant|rag|answers? from (?:our|the) docs)\b/i, [50, 110]],
  [/\b(?:website|site|blog|portfolio|marketing)\b/i, [30, 70]],
  [/\b(?:internal tool|admin panel|back ?office|dashboard|crm)\b/i, [40, 100]],
  [/\b(?:ios|android|mobile app|react native|flutter|iphone)\b/i, [120, 260]],
  [/\b(?:mvp|platform|marketplace|saas|web app|app|application|portal)\b/i, [100, 220]],
];

/** Symptoms of bugs that take long to pin down: leaks, races, load, one platform only. */
const HARD_BUG =
  /\b(?:leak\w*|intermittent\w*|randomly|sometimes|race|deadlock|under (?:heavy )?load|oom\w*|out of memory|crash\w* on launch|only on|stale|concurren\w*|connection pool)\b/i;
/** Symptoms of bugs in how a part behaves with more input or time: timeouts, slowness. */
const SLOW_BUG = /\b(?:times? out|timing out|timeouts?|too slow|slow(?:er|ly)?)\b/i;
/**
 * Symptoms usually found in configuration rather than code: a blank page, a failing build or deploy,
 * sessions, permissions and policies, redirects, environment variables.
 */
const CONFIG_BUG =
  /\b(?:blank page|white screen|typo|is down|database connection|static site|page not found|404|(?:build|compil\w*)\b[^.!?\n]{0,40}\b(?:fail\w*|error\w*)|(?:build|deploy\w*|workflow|pipeline)s? (?:\w+ )?(?:fail\w*|broke\w*|error\w*)|(?:fail\w*|broke\w*)\s+(?:\w+\s+){0,3}(?:build|deploy\w*)|exit code|log(?:s|ged|ging)? (?:\w+ )?out|sessions?|cookies?|cors|redirect\w*|env(?:ironment)? var\w*|permissions?|polic(?:y|ies)|row level security|rls)\b/i;

/**
 * How hard a bug usually is, by its symptoms and where it lives: hard ones (leaks, races, load) 8–24
 * hours; slow ones 4–14; one on a hosted no-code platform or in configuration (a failing deploy,
 * sessions, policies) 2–6; one in a small app made with an AI builder or an online editor 2–8; else 3–10.
 */
function bugRange(facts: IntakeFacts): readonly [number, number] {
  const text = facts.description;
  if (HARD_BUG.test(text)) return [8, 24];
  if (SLOW_BUG.test(text)) return [4, 14];
  const { byName } = technologyCatalogue();
  const noCode =
    facts.stack.length > 0 &&
    facts.stack.every((t) => t.kind === 'no-code' || t.kind === 'service' || (t.kind === 'language' && t.name === 'VBA'));
  if (noCode) return [2, 6];
  const smallApp = facts.aiTools.length > 0 || facts.stack.some((t) => t.kind === 'platform' && byName.get(t.name)?.hosted === true);
  if (CONFIG_BUG.test(text)) return [2, 6];
  return smallApp ? [2, 8] : HOURS_TABLE.bug_fix.base;
}

/**
 * A move from one framework to another ("jQuery to React", "AngularJS to Angular"): every piece is
 * rewritten, where an upgrade of one framework ("Vue 2 to Vue 3") changes each piece a little.
 */
function isRewrite(facts: IntakeFacts): boolean {
  if (facts.type !== 'upgrade_migration') return false;
  const jump = versionJump(facts.request);
  if (jump && jump.to > jump.from) return false;
  return facts.stack.filter((t) => !t.implied && t.kind === 'framework').length >= 2;
}

/** Hours per counted item of work (a component to migrate, a page to build), by type and unit. */
function perCountedItem(facts: IntakeFacts, unit: string): readonly [number, number] {
  const pages = /^(?:page|screen|view|template)$/.test(unit);
  switch (facts.type) {
    case 'upgrade_migration':
      if (isRewrite(facts)) return pages ? [3, 7] : [1, 3];
      return pages ? [1, 2.5] : [0.3, 0.8];
    case 'testing':
      // Tests for one endpoint, flow or screen.
      return [1.5, 4];
    case 'performance':
      // Forty plugins or fourteen extensions are where to look, not forty pieces of work.
      return [0.1, 0.4];
    case 'new_build':
      return pages ? [3, 6] : [2, 4];
    case 'feature':
      return [0.25, 0.6];
    case 'automation':
    case 'integration':
      return [1.5, 3];
    default:
      return [0.5, 1.5];
  }
}

/** Lines of code: what the person said ("about 30k lines"), else the code analysis' count; null when neither. */
function linesOfCode(facts: IntakeFacts): number | null {
  const said = facts.scale.find((s) => s.measure === 'code')?.count;
  return said ?? facts.codeAnalysis?.line_count ?? null;
}

/** Hours per 1,000 lines for work that reads all of the code, by type; null where lines do not add hours. */
const HOURS_PER_THOUSAND_LINES: Partial<Record<RequestType, readonly [number, number]>> = {
  // Tests to good coverage take longer than reading for security problems.
  testing: [2.5, 5],
  security_review: [2, 4.5],
  upgrade_migration: [0.4, 1],
};

/**
 * Hours added by the counts the person gave and the size of the code: pieces of work (components,
 * pages, forms) by type or by the kind of job, and thousands of lines for work that reads all of the
 * code (tests, a security review, an upgrade nobody counted components for).
 */
function countedHours(facts: IntakeFacts, kind: WorkKind | null): [number, number] {
  let low = 0;
  let high = 0;
  const items = facts.scale.filter((s) => s.measure === 'items');
  for (const fact of items) {
    const [a, b] = kind?.perCounted ?? perCountedItem(facts, fact.unit);
    low += a * Math.min(fact.count, 1000);
    high += b * Math.min(fact.count, 1000);
  }
  const perThousand = HOURS_PER_THOUSAND_LINES[facts.type];
  const lines = linesOfCode(facts);
  if (perThousand && lines !== null && sizedByLines(facts)) {
    low += (perThousand[0] * lines) / 1000;
    high += (perThousand[1] * lines) / 1000;
  }
  return [low, high];
}

/** True when the lines of code size the work: tests, a security review, an upgrade nobody counted components for. */
function sizedByLines(facts: IntakeFacts): boolean {
  if (!HOURS_PER_THOUSAND_LINES[facts.type] || linesOfCode(facts) === null) return false;
  return !(facts.type === 'upgrade_migration' && facts.scale.some((s) => s.measure === 'items'));
}

/**
 * How the size of the code widens the range, as factors on the low and the high end: finding one's way
 * in a larger codebase takes longer, and the uncertainty grows faster than the work. +25% on the high
 * end per tenfold beyond 3,000 lines (at most +60%), a third of that on the low end (at most +20%); +5% on the high end
 * per main language beyond two (at most +15%). Work sized by its lines (`HOURS_PER_THOUSAND_LINES`)
 * takes only the languages' part.
 */
function codeSizeFactors(facts: IntakeFacts): readonly [number, number] {
  const lines = linesOfCode(facts);
  const tenfolds = lines === null || sizedByLines(facts) ? 0 : Math.max(0, Math.log10(lines / 3000));
  const languages = facts.codeAnalysis ? analysedLanguages(facts.codeAnalysis).length : 0;
  const spread = Math.min(0.15, Math.max(0, languages - 2) * 0.05);
  return [1 + Math.min(0.2, tenfolds * 0.083), 1 + Math.min(0.6, tenfolds * 0.25) + spread];
}

/** A factor for volume: +10% per order of magnitude of users or records beyond 1,000, at most +50%. */
function volumeFactor(facts: IntakeFacts): number {
  const volume = Math.max(1, ...facts.scale.filter((s) => s.measure === 'people' || s.measure === 'data').map((s) => s.count));
  return 1 + Math.min(0.5, Math.max(0, Math.log10(volume) - 3) * 0.1);
}

/** A factor for major versions skipped ("Angular 12 to 17": five): +5% per version beyond the first, at most +30%. */
function versionFactor(facts: IntakeFacts): number {
  const jump = versionJump(facts.request);
  if (!jump || facts.type !== 'upgrade_migration') return 1;
  const span = Math.floor(jump.to) - Math.floor(jump.from);
  return span > 1 && span < 20 ? 1 + Math.min(0.3, (span - 1) * 0.05) : 1;
}

/**
 * The range before counted items: the kind of job's when it is a well-known one (work-kinds.ts), for
 * new builds by what is built, for bugs by how hard they are, else the type's. Work sized by its lines
 * of code, when they are known, keeps only its set-up here (the type's minimum to 2.5 times it): the
 * lines add the rest (`countedHours`); so do tests for counted endpoints or flows.
 */
function baseRange(facts: IntakeFacts, kind: WorkKind | null): readonly [number, number] {
  if (kind) return kind.base;
  if (sizedByLines(facts)) return [HOURS_TABLE[facts.type].min, HOURS_TABLE[facts.type].min * 2.5];
  // Tests for counted endpoints or flows: the set-up, then each one (`perCountedItem`).
  if (facts.type === 'testing' && facts.scale.some((s) => s.measure === 'items')) return [4, 10];
  if (facts.type === 'bug_fix') return bugRange(facts);
  if (facts.type === 'new_build') return BUILD_SIZES.find(([pattern]) => pattern.test(facts.request))?.[1] ?? HOURS_TABLE.new_build.base;
  return HOURS_TABLE[facts.type].base;
}

/** How a revision changed the size of the work: items added and removed, and a factor ("smaller" 0.7). */
export interface SizeAdjustment {
  addedItems: number;
  removedItems: number;
  scale: number;
  /** True when the person asked, in a change request, for the work to fit their budget. */
  fitToBudget: boolean;
}

/**
 * How the stated budget compares with the range: covers it ('fits'), falls inside it ('inside'), was
 * used to cap its upper end ('capped'), or is below its lower end ('below'); null when not comparable.
 */
export type BudgetFit = 'fits' | 'inside' | 'capped' | 'below' | null;

/** An estimate in hours and in the configured currency (prices = hours × hourly rate). */
export interface Estimate {
  hoursLow: number;
  hoursHigh: number;
  priceLow: number;
  priceHigh: number;
  currency: string;
  hourlyRate: number;
  budgetFit: BudgetFit;
  /** Hours the stated budget pays for at the hourly rate; null when it cannot be compared. */
  budgetHours: number | null;
}

/**
 * The size factor from complexity signals: +10% per named technology beyond three (at most +30%),
 * +10% per third-party service beyond the first (at most +20%; not for a bug, which lives in one of
 * them), +10% when files are attached. A known kind of job takes only the files' part: its range and
 * items already count the systems it joins.
 */
function complexityFactor(facts: IntakeFacts, kind: WorkKind | null): number {
  const files = facts.attachments.length > 0 ? 0.1 : 0;
  if (kind) return 1 + files;
  const named = facts.stack.filter((t) => !t.implied);
  const stackExtra = Math.min(Math.max(named.length - 3, 0) * 0.1, 0.3);
  const services = named.filter((t) => t.kind === 'service' || t.kind === 'ai-model' || t.kind === 'no-code').length;
  const integrations = facts.type === 'bug_fix' ? 0 : Math.min(Math.max(services - 1, 0) * 0.1, 0.2);
  return 1 + stackExtra + integrations + files;
}

/**
 * Building on a hosted no-code platform instead of writing code (a Bubble app, a FlutterFlow screen):
 * about half the hours of a coded build, six tenths of a coded feature. 1 for anything else.
 */
function platformFactor(facts: IntakeFacts): number {
  if (!onNoCodeBuilder(facts.stack)) return 1;
  return facts.type === 'new_build' ? 0.5 : facts.type === 'feature' ? 0.6 : 1;
}

function budgetHoursFor(budget: Budget | null, rates: { hourlyRate: number; currency: string }): number | null {
  if (!budget || budget.amount === null || budget.hourly || rates.hourlyRate <= 0) return null;
  if (budget.currency !== null && budget.currency !== rates.currency.toUpperCase()) return null;
  return Math.floor(budget.amount / rates.hourlyRate);
}

const cents = (n: number): number => Math.round(n * 100) / 100;

/**
 * Estimates the work like an expert sizing it: the range of the kind of job when it is a well-known one
 * (work-kinds.ts: a domain set-up, a data pipeline, a small bot, a slow query...), else the type's (for
 * a new build by what is built, from a landing page to a mobile app; for a bug by how hard its symptoms
 * usually are), plus hours for each piece of work the person counted (components to migrate, pages to
 * build, forms to connect, thousands of lines to test or review, from their words or the code
 * analysis) and for each further named feature or piece of the job, times factors for complexity,
 * data volume (users, rows; only for work that moves data when the kind of job is known), major
 * versions skipped, the size of the code (more code, a wider range), building on a no-code platform
 * (fewer hours) and the revision's scale; rounded, kept within the kind's or type's bounds, at least one hour between low and
 * high. A budget in the configured currency (or with none stated) is compared with the range; it caps
 * the upper end only when `adjustment.fitToBudget` (the person changed the budget after a proposal),
 * because a first proposal should show what the work takes. Prices are hours × `rates.hourlyRate`.
 */
export function estimateWork(facts: IntakeFacts, adjustment: SizeAdjustment, rates: { hourlyRate: number; currency: string }): Estimate {
  const kind = workKindOf(facts);
  const row = kind ?? HOURS_TABLE[facts.type];
  // A new product or an integration is the sum of its features; a feature request is one, whatever it touches.
  const sizedByFeatures = facts.type === 'new_build' || facts.type === 'integration';
  const named = kind ? kind.items : sizedByFeatures ? Math.max(facts.features.length - 1, 0) : 0;
  const items = named + adjustment.addedItems - adjustment.removedItems;
  const [countLow, countHigh] = countedHours(facts, kind);
  const base = baseRange(facts, kind);
  const volume = !kind || kind.volume ? volumeFactor(facts) : 1;
  const factor = complexityFactor(facts, kind) * volume * versionFactor(facts) * (kind ? 1 : platformFactor(facts)) * adjustment.scale;
  const [codeLow, codeHigh] = codeSizeFactors(facts);
  const raw = (low: number, perItem: number, counted: number, code: number): number =>
    Math.round((low + items * perItem + counted) * factor * code);
  const low = Math.min(Math.max(raw(base[0], row.perItem[0], countLow, codeLow), row.min), row.max - 1);
  let high = Math.min(Math.max(raw(base[1], row.perItem[1], countHigh, codeHigh), low + 1), row.max);
  const budgetHours = budgetHoursFor(facts.budget, rates);
  let budgetFit: BudgetFit = null;
  if (budgetHours !== null) {
    if (budgetHours >= high) budgetFit = 'fits';
    else if (budgetHours > low && adjustment.fitToBudget) {
      high = budgetHours;
      budgetFit = 'capped';
    } else budgetFit = budgetHours >= low ? 'inside' : 'below';
  }
  return {
    hoursLow: low,
    hoursHigh: high,
    priceLow: cents(low * rates.hourlyRate),
    priceHigh: cents(high * rates.hourlyRate),
    currency: rates.currency,
    hourlyRate: rates.hourlyRate,
    budgetFit,
    budgetHours,
  };
}

/**
 * Formats an amount in `currency` for en-US readers ("$1,200", "€80.50"): whole amounts without
 * decimals. Throws a RangeError for a currency code Intl does not know (a configuration error).
 */
export function formatMoney(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}
