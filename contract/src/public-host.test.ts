import { describe, expect, it } from 'vitest';
import { isPublicHost } from './public-host.ts';

describe('isPublicHost', () => {
  it.each(['https://myshop.com', 'http://example.org/path', 'https://8.8.8.8', 'https://[2001:db8::1]/'])(
    'takes %s for a real host',
    (href) => {
      expect(isPublicHost(href)).toBe(true);
    },
  );

  it.each([
    'http://localhost:3000',
    'http://localhost/api',
    'http://app.localhost',
    'http://printer.local',
    'http://intranet',
    'http://127.0.0.1:8080',
    'http://10.0.0.5',
    'http://172.20.1.1',
    'http://192.168.1.20:8080',
    'http://169.254.0.1',
    'http://[::1]:3000',
    'http://[fd00::1]',
    'not a url',
  ])('keeps %s as text', (href) => {
    expect(isPublicHost(href)).toBe(false);
  });
});
