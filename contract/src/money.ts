// Money in integer minor units (docs/decisions/093-payments.md). The number of minor units in a major one
// comes from ISO 4217 as the platform's Intl data knows it (2 for USD and EUR, 0 for JPY, 3 for KWD).

/**
 * The ISO 4217 exponent of `currency`: how many decimal digits its minor unit has.
 * @throws RangeError for a code Intl does not know (a configuration error).
 */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A major amount (95, 190.5) in integer minor units of `currency` (9500, 19050), rounded half away from
 * zero at the minor unit: the decimal text is shifted, never multiplied as a float.
 * @throws RangeError for an unknown currency or an amount that is not a finite number.
 */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
  const exponent = currencyExponent(currency);
  const [whole, fraction = ''] = Math.abs(amount)
    .toFixed(exponent + 1)
    .split('.');
  const digits = Number(`${whole}${fraction.slice(0, exponent)}`);
  const rounded = Number(fraction.slice(exponent) || '0') >= 5 ? digits + 1 : digits;
  return Math.sign(amount) < 0 ? -rounded : rounded;
}

/** An amount in minor units for en-US readers ("$190.00", "¥19,000"), with all the currency's digits. */
export function formatMinorUnits(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: exponent }).format(minor / 10 ** exponent);
}
