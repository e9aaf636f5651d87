import type { WorkEstimate } from '@unstuck/contract';

// An estimate's figures as the proposal card and the expert's task card show them.

/** "$380–$1,140": the estimate's price range in its currency, whole amounts. */
export function priceRange(estimate: WorkEstimate): string {
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: estimate.currency, maximumFractionDigits: 0 });
  return estimate.priceLow === estimate.priceHigh
    ? money.format(estimate.priceLow)
    : `${money.format(estimate.priceLow)}–${money.format(estimate.priceHigh)}`;
}

/** "4–12 hours". */
export const hoursRange = (estimate: WorkEstimate) =>
  estimate.hoursLow === estimate.hoursHigh ? `${estimate.hoursLow} hours` : `${estimate.hoursLow}–${estimate.hoursHigh} hours`;
