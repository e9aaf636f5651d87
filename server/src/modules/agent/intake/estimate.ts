import type { RequestType } from '@unstuck/contract';
import { versionJump } from './title.ts';
import type { Budget, IntakeFacts } from './types.ts';

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
  bug_fix: { base: [4, 12], min: 1, max: 60, perItem: [1, 3] },
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
  [/\b(?:bot|script|macro|extension|plugin|widget|cli)\b/i, [16, 40]],
  [/\b(?:chatbot|assistant|rag|answers? from (?:our|the) docs)\b/i, [50, 110]],
  [/\b(?:website|site|blog|portfolio|marketing)\b/i, [30, 70]],
  [/\b(?:internal tool|admin panel|back ?office|dashboard|crm)\b/i, [40, 100]],
  [/\b(?:ios|android|mobile app|react native|flutter|iphone)\b/i, [120, 260]],
  [/\b(?:mvp|platform|marketplace|saas|web app|app|application|portal)\b/i, [100, 220]],
];

/** How hard a bug usually is, by its symptoms and where it lives. */
function bugRange(facts: IntakeFacts): readonly [number, number] {
  const text = facts.description;
  if (
    /\b(?:leak\w*|intermittent\w*|randomly|sometimes|race|deadlock|under (?:heavy )?load|oom\w*|out of memory|crash\w* on launch|only on|stale|concurren\w*|connection pool)\b/i.test(
      text,
    )
  )
    return [8, 24];
  const simple =
    facts.stack.length > 0 &&
    facts.stack.every((t) => t.kind === 'no-code' || t.kind === 'service' || (t.kind === 'language' && t.name === 'VBA'));
  if (simple || /\b(?:blank page|white screen|typo|is down|database connection|static site)\b/i.test(text)) return [2, 6];
  return HOURS_TABLE.bug_fix.base;
}

/** Hours per counted item of work (a component to migrate, a page to build), by type and unit. */
function perCountedItem(type: RequestType, unit: string): readonly [number, number] {
  const pages = /^(?:page|screen|view|template)$/.test(unit);
  switch (type) {
    case 'upgrade_migration':
      return pages ? [1, 2.5] : [0.3, 0.8];
    case 'new_build':
      return pages ? [3, 6] : [2, 4];
    case 'feature':
      return [0.4, 1];
    case 'automation':
    case 'integration':
      return [1.5, 3];
    default:
      return [0.5, 1.5];
  }
}

/** Hours added by the counts the person gave: pieces of work and lines of code, by type. */
function countedHours(facts: IntakeFacts): [number, number] {
  let low = 0;
  let high = 0;
  for (const fact of facts.scale) {
    if (fact.measure === 'items') {
      const [a, b] = perCountedItem(facts.type, fact.unit);
      low += a * Math.min(fact.count, 1000);
      high += b * Math.min(fact.count, 1000);
    } else if (fact.measure === 'code' && (facts.type === 'testing' || facts.type === 'security_review')) {
      // Per 1,000 lines: tests to good coverage take longer than reading for security problems.
      const [a, b] = facts.type === 'testing' ? [2.5, 5] : [5, 9];
      low += (a * fact.count) / 1000;
      high += (b * fact.count) / 1000;
    }
  }
  return [low, high];
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
  const span = jump.to - jump.from;
  return span > 1 && span < 20 ? 1 + Math.min(0.3, (span - 1) * 0.05) : 1;
}

/** The type's range before counted items: for new builds by what is built, for bugs by how hard they are. */
function baseRange(facts: IntakeFacts): readonly [number, number] {
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
 * +10% per third-party service beyond the first (at most +20%), +10% when files are attached.
 */
function complexityFactor(facts: IntakeFacts): number {
  const named = facts.stack.filter((t) => !t.implied);
  const stackExtra = Math.min(Math.max(named.length - 3, 0) * 0.1, 0.3);
  const services = named.filter((t) => t.kind === 'service' || t.kind === 'ai-model' || t.kind === 'no-code').length;
  const integrations = Math.min(Math.max(services - 1, 0) * 0.1, 0.2);
  const files = facts.attachments.length > 0 ? 0.1 : 0;
  return 1 + stackExtra + integrations + files;
}

function budgetHoursFor(budget: Budget | null, rates: { hourlyRate: number; currency: string }): number | null {
  if (!budget || budget.amount === null || budget.hourly || rates.hourlyRate <= 0) return null;
  if (budget.currency !== null && budget.currency !== rates.currency.toUpperCase()) return null;
  return Math.floor(budget.amount / rates.hourlyRate);
}

const cents = (n: number): number => Math.round(n * 100) / 100;

/**
 * Estimates the work like an expert sizing it: the type's range (for a new build by what is built,
 * from a landing page to a mobile app; for a bug by how hard its symptoms usually are), plus hours for
 * each piece of work the person counted (components to migrate, pages to build, forms to connect,
 * thousands of lines to test or review) and for each named feature of a build, feature or
 * integration, times factors for complexity, data volume (users, rows) and major versions skipped,
 * and the revision's scale; rounded, kept within the type's bounds, at least one hour between low and
 * high. A budget in the configured currency (or with none stated) is compared with the range; it caps
 * the upper end only when `adjustment.fitToBudget` (the person changed the budget after a proposal),
 * because a first proposal should show what the work takes. Prices are hours × `rates.hourlyRate`.
 */
export function estimateWork(facts: IntakeFacts, adjustment: SizeAdjustment, rates: { hourlyRate: number; currency: string }): Estimate {
  const row = HOURS_TABLE[facts.type];
  const sizedByFeatures = facts.type === 'new_build' || facts.type === 'feature' || facts.type === 'integration';
  const items = (sizedByFeatures ? Math.max(facts.features.length - 1, 0) : 0) + adjustment.addedItems - adjustment.removedItems;
  const [countLow, countHigh] = countedHours(facts);
  const base = baseRange(facts);
  const factor = complexityFactor(facts) * volumeFactor(facts) * versionFactor(facts) * adjustment.scale;
  const raw = (low: number, perItem: number, counted: number): number => Math.round((low + items * perItem + counted) * factor);
  const low = Math.min(Math.max(raw(base[0], row.perItem[0], countLow), row.min), row.max - 1);
  let high = Math.min(Math.max(raw(base[1], row.perItem[1], countHigh), low + 1), row.max);
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
