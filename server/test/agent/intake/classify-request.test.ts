import { describe, expect, it } from 'vitest';
import { classifyRequest } from '../../../src/modules/agent/intake/classify-request.ts';
import { readTechnologies } from '../../../src/modules/agent/technologies/recognise.ts';

const classify = (text: string) => classifyRequest(text, readTechnologies(text).stack);

describe('request classification', () => {
  it.each([
    ['My Next.js app on Vercel returns 500 on every API route after upgrading to App Router', 'bug_fix'],
    ['The login page crashes when I click submit', 'bug_fix'],
    ['Our Django admin shows a white screen since the last deploy', 'bug_fix'],
    ['The pods of our Go service restart every few minutes with OOMKilled', 'bug_fix'],
    ['I want to build an MVP of a marketplace for dog walkers from scratch', 'new_build'],
    ['I need a landing page with a waitlist form', 'new_build'],
    ['Turn my Figma designs into a Shopify theme', 'new_build'],
    ['Add a dark mode toggle to the settings page of our existing React app', 'feature'],
    ['Our Laravel shop needs multi-language support', 'feature'],
    ['Sync new HubSpot deals to our Airtable base', 'integration'],
    ['I used Cursor to build a Svelte dashboard and now I want it connected to Pipedrive', 'integration'],
    ['Upgrade our Rails 6 app to Rails 7; a lot of tests fail after bundle update', 'upgrade_migration'],
    ['We want to move our blog from WordPress to Ghost', 'upgrade_migration'],
    ['Our Shopify store takes 8 seconds to load on mobile, make it faster', 'performance'],
    ['Please do a security audit of our Express API before launch', 'security_review'],
    ['My Stripe secret key is hardcoded in the React front end', 'security_review'],
    ['Set up a CI/CD pipeline and staging environment on GCP for our API', 'infrastructure'],
    ['We need end-to-end tests for the checkout flow of our Vue shop', 'testing'],
    ['Write a script that pulls our Stripe payouts into Google Sheets every morning', 'automation'],
    ['My Bubble app workflow double-charges customers via Stripe', 'bug_fix'],
    ['Our Make scenario sends every invoice twice to Xero', 'bug_fix'],
    ['Our Glide app stopped syncing with Google Sheets', 'bug_fix'],
    ['Adalo push notifications never arrive on Android', 'bug_fix'],
    ['Our Softr portal shows other clients’ records', 'bug_fix'],
    ['Since I added Supabase row level security, nobody can see their bookings', 'bug_fix'],
    ['Here is our PHP 7.4 shop - we need it running on PHP 8.3 before our host drops 7.4', 'upgrade_migration'],
    ['Pipe our HubSpot deals into BigQuery and build Looker dashboards on top', 'integration'],
    ['Connect my Namecheap domain to my Vercel app', 'infrastructure'],
    ['Publish our Expo app to the App Store and Google Play', 'infrastructure'],
    ['Dockerize our Flask app so it starts with one command', 'infrastructure'],
    ['Need a Stripe subscription checkout added to our Next.js SaaS', 'feature'],
    ['Help, my site is down!!', 'unclear'],
    ['Can you help me?', 'unclear'],
  ] as const)('classifies %j as %s', (text, type) => {
    expect(classify(text)).toBe(type);
  });
});
