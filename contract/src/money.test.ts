import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMinorUnits, toMinorUnits } from './money.ts';

describe('money in minor units', () => {
  it('takes the exponent from ISO 4217: two for USD, none for JPY, three for KWD', () => {
    expect([currencyExponent('USD'), currencyExponent('JPY'), currencyExponent('KWD')]).toEqual([2, 0, 3]);
  });

  it('turns major amounts into exact minor units without float drift', () => {
    expect(toMinorUnits(190, 'USD')).toBe(19000);
    expect(toMinorUnits(0.29, 'USD')).toBe(29);
    expect(toMinorUnits(1.005, 'USD')).toBe(101);
    expect(toMinorUnits(19000, 'JPY')).toBe(19000);
    expect(toMinorUnits(1.2345, 'KWD')).toBe(1235);
  });

  it('formats minor units with all the currency digits', () => {
    expect(formatMinorUnits(19000, 'USD')).toBe('$190.00');
    expect(formatMinorUnits(19000, 'JPY')).toBe('¥19,000');
  });
});
