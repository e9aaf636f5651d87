import { describe, expect, it } from 'vitest';
import { extractGoal, isGoalStatement } from '../../../src/modules/agent/intake/goal.ts';

describe('goal rule', () => {
  it.each(['hi', 'hello there!', 'can you help?', 'Can you help me with something?', 'how are you?', "I'm stuck"])(
    'does not take %j for a goal',
    (text) => {
      expect(isGoalStatement(text)).toBe(false);
    },
  );

  it.each(['I want to build an app', 'my app is broken', "I'm stuck on a Lovable app", 'I have a problem with my code'])(
    'does not take the vague %j for a goal',
    (text) => {
      expect(isGoalStatement(text)).toBe(false);
    },
  );

  it.each([
    'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router',
    'I need a website for my bakery',
    'fix my login bug',
    'Build a Telegram bot that posts daily news',
    'Add Stripe payments to my Shopify store',
  ])('takes %j for a goal', (text) => {
    expect(isGoalStatement(text)).toBe(true);
  });
});

describe('goal extraction', () => {
  it('returns null while no message states a goal', () => {
    expect(extractGoal(['hi', 'how are you?', 'can you help?'])).toBeNull();
  });

  it('reads a vague message together with the next one', () => {
    expect(extractGoal(['I need a website', 'for my bakery, with online orders'])?.text).toBe(
      'A website for my bakery, with online orders',
    );
  });

  it('drops greetings and request fillers and starts at the first sentence about the work', () => {
    const goal = extractGoal(['Hi there! Can you please help me build a booking app for my hair salon? Thanks!']);
    expect(goal?.text).toMatch(/^Build a booking app for my hair salon/);
  });
});
