import type { WorkEstimate } from '@unstuck/contract';
import { describe, expect, it } from 'vitest';
import { changeLines } from './proposal-changes.ts';

/** An estimate at $95 an hour. */
const at95 = ([hoursLow, hoursHigh]: [number, number]): WorkEstimate => ({
  hoursLow,
  hoursHigh,
  priceLow: hoursLow * 95,
  priceHigh: hoursHigh * 95,
  currency: 'USD',
});

describe('changeLines', () => {
  it('lists added then removed scope lines, then the estimate and price before → after', () => {
    const lines = changeLines({
      scope_added: ['Admin dashboard'],
      scope_removed: ['Email notifications'],
      estimate: { before: at95([8, 8]), after: at95([10, 16]) },
    });
    expect(lines.map(({ spoken, mark, text }) => [spoken, mark, text])).toEqual([
      ['Added:', '+', 'Admin dashboard'],
      ['Removed:', '−', 'Email notifications'],
      ['', '', 'Estimate: 8 hours → 10–16 hours'],
      ['', '', 'Price: $760 → $950–$1,520'],
    ]);
  });

  it('says "not given" for a version without an estimate, and lists nothing when nothing changed', () => {
    expect(
      changeLines({ scope_added: [], scope_removed: [], estimate: { before: null, after: at95([4, 12]) } }).map((l) => l.text),
    ).toEqual(['Estimate: not given → 4–12 hours', 'Price: not given → $380–$1,140']);
    expect(changeLines({ scope_added: [], scope_removed: [], estimate: null })).toEqual([]);
  });
});
