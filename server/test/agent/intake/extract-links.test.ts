import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../../src/modules/agent/intake/extract-links.ts';

describe('link extraction', () => {
  it('finds full URLs and bare domains once each, in order of mention', () => {
    expect(
      extractLinks(['The repo is https://github.com/acme/shop and the site is acme-shop.com', 'again: https://github.com/acme/shop']),
    ).toEqual(['https://github.com/acme/shop', 'http://acme-shop.com']);
  });

  it('does not take e-mail addresses or framework names for links', () => {
    expect(extractLinks(['mail me at jane@example.com, it is a Next.js and Node.js app'])).toEqual([]);
  });

  it('keeps localhost and private addresses as text', () => {
    expect(extractLinks(['Works on localhost:3000 and http://192.168.1.20:8080, not on https://acme-shop.com'])).toEqual([
      'https://acme-shop.com',
    ]);
  });
});
