import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/modules/agent/intake/facts.ts';
import { titleFor } from '../../../src/modules/agent/intake/title.ts';
import { baseScope } from '../../../src/modules/agent/intake/work-breakdown.ts';

const titleOf = (...messages: string[]) => titleFor(extractFacts(messages, []));

describe('titles and scope in the agent’s own words', () => {
  it.each([
    ['My Replit app’s Flask API returns 502 errors whenever two people upload photos at once', 'Fix server errors in the Flask API'],
    ['We need to move about 200 Angular 12 components to Angular 17 before the support ends', 'Upgrade Angular 12 to Angular 17'],
    ['Please connect our Typeform surveys to HubSpot so each answer updates the contact', 'Connect Typeform and HubSpot'],
    ['Our Laravel shop needs multi-language support for French and German customers', 'Add multi-language support to the Laravel shop'],
    ['Make our WooCommerce checkout faster, it takes 7 seconds to place an order', 'Speed up the WooCommerce checkout'],
  ])('titles %j as %j', (message, title) => {
    expect(titleOf(message)).toBe(title);
  });

  it('never uses the first sentence cut short as the title', () => {
    const long =
      'I have a Go microservice using gRPC and Kubernetes and since last week the pods restart every few minutes with OOMKilled in production';
    const title = titleOf(long);
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith('…')).toBe(false);
    expect(long.startsWith(title.slice(0, 20))).toBe(false);
  });

  it('keeps a symptom and its move whole, leaving out where the app runs when both do not fit', () => {
    expect(titleOf('My Next.js app on Vercel returns 500 on every API route after upgrading to App Router')).toBe(
      'Next.js app returns 500 on every API route after upgrading to App Router',
    );
  });

  it('writes scope items in its own words, quoting only the error the person reported', () => {
    const facts = extractFacts(
      [
        'Our Kotlin app crashes on launch on Android 15.',
        'What happens: the log says "IllegalStateException: no activity" right at start.',
      ],
      [],
    );
    const scope = baseScope(facts);
    expect(scope).toContain('Reported error: “IllegalStateException: no activity”');
    for (const item of scope) {
      expect(item).not.toContain('What happens:');
      expect(item).not.toContain('Our Kotlin app crashes on launch');
    }
  });
});
