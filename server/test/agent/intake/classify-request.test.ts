import { describe, expect, it } from 'vitest';
import { classifyRequest } from '../../../src/modules/agent/intake/classify-request.ts';
import { findStackInText } from '../../../src/modules/agent/intake/extract-stack.ts';

const classify = (text: string) => classifyRequest(text, findStackInText(text));

describe('request classification', () => {
  it.each([
    ['My Next.js app on Vercel returns 500 on every API route after upgrading to App Router', 'bug-fix'],
    ['The login page crashes when I click submit', 'bug-fix'],
    ['Add a dark mode toggle to the settings page', 'new-feature'],
    ['I want to build an MVP of a marketplace for dog walkers from scratch', 'new-app'],
    ['I need a website for my bakery', 'new-app'],
    ['Deploy my Django app to AWS with a custom domain and SSL', 'deployment'],
    ['Integrate Stripe and HubSpot with our CRM so new customers sync', 'integration'],
    ['Can someone review my code and give advice?', 'other'],
  ])('classifies %j as %s', (text, type) => {
    expect(classify(text)).toBe(type);
  });
});
