import { describe, expect, it } from 'vitest';
import { extractScale } from '../../../src/modules/agent/intake/extract-scale.ts';

describe('scale extraction', () => {
  it.each([
    ['We have about 120 React components', [{ count: 120, unit: 'component', measure: 'items' }]],
    [
      'around 3,500 users and 2 million orders',
      [
        { count: 3500, unit: 'user', measure: 'people' },
        { count: 2_000_000, unit: 'order', measure: 'data' },
      ],
    ],
    ['Twelve pages and a blog', [{ count: 12, unit: 'page', measure: 'items' }]],
    ['roughly 15k lines of TypeScript code', [{ count: 15_000, unit: 'line', measure: 'code' }]],
    ['move 300 Angular 14 modules', [{ count: 300, unit: 'module', measure: 'items' }]],
  ] as const)('reads the counts in %j', (text, expected) => {
    expect(extractScale(text)).toEqual(expected);
  });

  it('does not take versions, prices or durations for counts', () => {
    expect(extractScale('Upgrade our Vue 2 app to Vue 3 for $4,000 within 3 weeks on iOS 17 devices')).toEqual([]);
  });
});
