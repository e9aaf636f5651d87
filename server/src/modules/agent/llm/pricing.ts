import type { AgentTurn, AgentTurnInput } from '../brain.ts';

type Estimate = NonNullable<AgentTurn['estimate']>;

/**
 * Turns the model's hour range into the turn's estimate. The model never does arithmetic: hours are
 * rounded to whole hours (at least 1), put in order, and priced as hours × `rates.hourlyRate` in
 * `rates.currency` (configuration AGENT_HOURLY_RATE, AGENT_CURRENCY). Never throws.
 */
export function priceEstimate(hours: { hoursLow: number; hoursHigh: number }, rates: AgentTurnInput['rates']): Estimate {
  const a = wholeHours(hours.hoursLow);
  const b = wholeHours(hours.hoursHigh);
  const hoursLow = Math.min(a, b);
  const hoursHigh = Math.max(a, b);
  return {
    hoursLow,
    hoursHigh,
    priceLow: hoursLow * rates.hourlyRate,
    priceHigh: hoursHigh * rates.hourlyRate,
    currency: rates.currency,
  };
}

function wholeHours(hours: number): number {
  // A NaN or negative value from the model must not produce a negative or NaN price.
  return Number.isFinite(hours) ? Math.max(1, Math.round(hours)) : 1;
}

/**
 * Formats an amount for the person in en-US style: `formatPrice(1200, 'USD')` → "$1,200",
 * `formatPrice(87.5, 'USD')` → "$87.50" (cents only when there are any, so round prices read
 * cleanly). Throws RangeError when `currency` is not an ISO 4217 code.
 */
export function formatPrice(amount: number, currency: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/**
 * Makes sure a proposal's markdown shows the computed price range: unless both formatted prices
 * already appear, appends a line like "**Estimated price:** $800 – $1,200 (8–12 hours at $100/hour)".
 * The system prompt asks the model to end with the Estimate section, so the line lands inside it.
 * Throws RangeError on an invalid currency code (see formatPrice).
 */
export function withPriceLine(content: string, estimate: Estimate, hourlyRate: number): string {
  const low = formatPrice(estimate.priceLow, estimate.currency);
  const high = formatPrice(estimate.priceHigh, estimate.currency);
  if (content.includes(low) && content.includes(high)) return content;
  const range = estimate.priceLow === estimate.priceHigh ? low : `${low} – ${high}`;
  const hours =
    estimate.hoursLow === estimate.hoursHigh ? `${estimate.hoursLow} hours` : `${estimate.hoursLow}–${estimate.hoursHigh} hours`;
  const rate = formatPrice(hourlyRate, estimate.currency);
  return `${content.trimEnd()}\n\n**Estimated price:** ${range} (${hours} at ${rate}/hour)`;
}
