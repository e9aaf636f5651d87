import { describe, expect, it } from 'vitest';
import { readCookies } from './browser-state.ts';

describe('readCookies', () => {
  it('lists name and value pairs, keeping = inside values', () => {
    expect(readCookies('a=1; theme=dark; token=x=y')).toEqual([
      { name: 'a', value: '1' },
      { name: 'theme', value: 'dark' },
      { name: 'token', value: 'x=y' },
    ]);
  });

  it('lists nothing for no cookies', () => {
    expect(readCookies('')).toEqual([]);
  });
});
