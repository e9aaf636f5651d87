import type { Budget, IntakeFacts, RequestType } from './types.ts';

interface HoursRow {
  /** Typical range before size signals. */
  base: readonly [number, number];
  /** Hard bounds of any estimate of this type. */
  min: number;
  max: number;
  /** Hours one extra piece of work adds (a named feature, an item added on revision). */
  perItem: readonly [number, number];
}

/**
 * The hours table (our own rule of thumb for small jobs by human experts): a bug fix is 2–8 h, a
 * feature 8–30 h, a new app or MVP 40–160 h; deployments, integrations and other work sit between.
 */
export const HOURS_TABLE: Readonly<Record<RequestType, HoursRow>> = {
  'bug-fix': { base: [2, 6], min: 2, max: 8, perItem: [1, 2] },
  'new-feature': { base: [8, 20], min: 8, max: 30, perItem: [3, 6] },
  'new-app': { base: [40, 100], min: 40, max: 160, perItem: [8, 16] },
  deployment: { base: [3, 10], min: 2, max: 16, perItem: [1, 3] },
  integration: { base: [6, 16], min: 4, max: 30, perItem: [2, 4] },
  other: { base: [4, 12], min: 2, max: 20, perItem: [2, 4] },
};

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
 * The size factor from the complexity signals: +10% per stack item beyond two (at most +30%), +15% for a
 * detailed description (over 40 meaningful words) or +30% (over 100), +10% per third-party service or
 * AI vendor beyond the first (at most +30%), +10% when files are attached (more material to work through).
 */
function complexityFactor(facts: IntakeFacts): number {
  const stackExtra = Math.min(Math.max(facts.stack.length - 2, 0) * 0.1, 0.3);
  const detail = facts.meaningfulWordCount > 100 ? 0.3 : facts.meaningfulWordCount > 40 ? 0.15 : 0;
  const services = facts.stack.filter((s) => s.kind === 'service' || s.kind === 'ai').length;
  const integrations = Math.min(Math.max(services - 1, 0) * 0.1, 0.3);
  const files = facts.attachments.length > 0 ? 0.1 : 0;
  return 1 + stackExtra + detail + integrations + files;
}

function budgetHoursFor(budget: Budget | null, rates: { hourlyRate: number; currency: string }): number | null {
  if (!budget || budget.amount === null || budget.hourly || rates.hourlyRate <= 0) return null;
  if (budget.currency !== null && budget.currency !== rates.currency.toUpperCase()) return null;
  return Math.floor(budget.amount / rates.hourlyRate);
}

const cents = (n: number): number => Math.round(n * 100) / 100;

/**
 * Estimates the work: the type's base range plus `perItem` hours for each named feature (new apps,
 * features and integrations only: for other types a named feature is context, not work) and each item
 * added on revision, minus removed items, times the complexity factor and the revision scale, rounded
 * and kept within the type's bounds with at least one hour between low and high. A budget in the
 * configured currency (or with no currency stated) is compared with the range; it caps the upper end
 * only when `adjustment.fitToBudget` (the person changed the budget after a proposal), because a first
 * proposal should show what the work takes. Prices are hours × `rates.hourlyRate`, rounded to cents.
 */
export function estimateWork(facts: IntakeFacts, adjustment: SizeAdjustment, rates: { hourlyRate: number; currency: string }): Estimate {
  const row = HOURS_TABLE[facts.type];
  const sizedByFeatures = facts.type === 'new-app' || facts.type === 'new-feature' || facts.type === 'integration';
  const items = (sizedByFeatures ? facts.features.length : 0) + adjustment.addedItems - adjustment.removedItems;
  const factor = complexityFactor(facts) * adjustment.scale;
  const raw = (i: 0 | 1): number => Math.round((row.base[i] + items * row.perItem[i]) * factor);
  const low = Math.min(Math.max(raw(0), row.min), row.max - 1);
  let high = Math.min(Math.max(raw(1), low + 1), row.max);
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
