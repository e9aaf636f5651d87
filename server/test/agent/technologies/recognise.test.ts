import { describe, expect, it } from 'vitest';
import { CURATED_TECHNOLOGIES } from '../../../src/modules/agent/technologies/curated.ts';
import { technologyCatalogue } from '../../../src/modules/agent/technologies/catalogue.ts';
import { readTechnologies, technologiesInFileNames } from '../../../src/modules/agent/technologies/recognise.ts';

const stackOf = (text: string) =>
  readTechnologies(text)
    .stack.filter((t) => !t.implied)
    .map((t) => t.name);
const impliedOf = (text: string) =>
  readTechnologies(text)
    .stack.filter((t) => t.implied)
    .map((t) => t.name);

describe('technology recognition', () => {
  it('knows thousands of technologies from the library, not only the curated list', () => {
    expect(technologyCatalogue().byName.size).toBeGreaterThan(5000);
    // None of these is in the curated list: they come from the Wappalyzer and Linguist data.
    expect(CURATED_TECHNOLOGIES.map((e) => e.name)).not.toContain('Strapi');
    expect(stackOf('Our Strapi backend feeds a Gatsby site and we track sales in Plausible')).toEqual(['Strapi', 'Gatsby', 'Plausible']);
    expect(stackOf('The service is written in Zig and talks to a Crystal API')).toEqual(['Zig', 'Crystal']);
  });

  it('names technologies in its own words, whatever nickname the person uses', () => {
    expect(stackOf('postgres on k8s with a vuejs front end and tailwind')).toEqual(['PostgreSQL', 'Kubernetes', 'Vue', 'Tailwind CSS']);
    expect(stackOf('Users log in with Azure Active Directory and the data is in MSSQL')).toEqual(['Azure AD', 'SQL Server']);
  });

  it('keeps AI builders and assistants apart from the stack, as context', () => {
    expect(readTechnologies('My app is Next.js on Vercel, built with Cursor')).toMatchObject({ aiTools: ['Cursor'] });
    expect(stackOf('My app is Next.js on Vercel, built with Cursor')).toEqual(['Next.js', 'Vercel']);
    expect(readTechnologies('I made it with Bolt, React and Supabase').aiTools).toEqual(['Bolt']);
    expect(stackOf('I made it with Bolt, React and Supabase')).toEqual(['React', 'Supabase']);
  });

  it('counts an AI model as stack when the product uses it and as a tool when it wrote the code', () => {
    const helper = readTechnologies('My SvelteKit shop, which Claude helped me write, loses carts');
    expect(helper.aiTools).toEqual(['Claude']);
    expect(helper.stack.map((t) => t.name)).not.toContain('Claude');
    expect(readTechnologies('I used ChatGPT to write a Python script').aiTools).toEqual(['ChatGPT']);
    expect(readTechnologies('The code was generated with Gemini').aiTools).toEqual(['Gemini']);
    const product = readTechnologies('A support bot that answers questions with Claude and the OpenAI API');
    expect(product.stack.map((t) => t.name)).toEqual(['Claude', 'OpenAI']);
    expect(product.aiTools).toEqual([]);
  });

  it('does not take everyday words for products', () => {
    expect(stackOf('Fresh data every morning, a bubble chart and a stripe of colour')).toEqual([]);
    expect(stackOf('We go live in June; react quickly to the cursor position')).toEqual([]);
    expect(stackOf('A chatbot with a waitlist for our landing page')).toEqual([]);
    expect(stackOf('Our Bubble app and the Stripe checkout')).toEqual(['Bubble', 'Stripe']);
  });

  it('does not take words of the trade for technologies', () => {
    expect(stackOf('Repro: open the cart and press Save. Prod fails, Staging works. ASAP please, our Django app')).toEqual(['Django']);
  });

  it.each([
    ['My Bubble app workflow double-charges customers via Stripe', ['Bubble', 'Stripe']],
    ['Our Glide app stopped writing sign-ups to Google Sheets', ['Glide', 'Google Sheets']],
    ['The FlutterFlow app crashes when users pay with PayPal', ['FlutterFlow', 'PayPal']],
    ['We built an internal tool in Retool over our orders', ['Retool']],
    ['Our Softr portal and the Adalo app share one Airtable base', ['Softr', 'Adalo', 'Airtable']],
    ['Our Make scenario sends every invoice twice to Xero', ['Make', 'Xero']],
    ['Paddle webhooks are not reaching our Webflow site', ['Paddle', 'Webflow']],
    ['Braintree and Square POS payments land in our Lemon Squeezy store', ['Braintree', 'Square', 'Lemon Squeezy']],
  ])('counts no-code platforms and payment providers as stack: %j', (text, stack) => {
    expect(stackOf(text)).toEqual(stack);
    expect(readTechnologies(text).aiTools).toEqual([]);
  });

  it.each([
    ['Lovable made the front end, Bolt the landing page and v0 the dashboard', ['Lovable', 'Bolt', 'v0']],
    ['I used Cursor and Windsurf, and GitHub Copilot for the tests', ['Cursor', 'Windsurf', 'GitHub Copilot']],
    ['Replit Agent wrote most of it', ['Replit Agent']],
    ['I built my shop with Replit and now the login fails', ['Replit']],
    ['ChatGPT wrote the backend and Claude fixed some bugs', ['ChatGPT', 'Claude']],
    ["I asked ChatGPT but it couldn't fix it", ['ChatGPT']],
    ['Claude keeps breaking my Supabase policies', ['Claude']],
  ])('keeps AI builders and assistants out of the stack: %j', (text, tools) => {
    const reading = readTechnologies(text);
    expect(reading.aiTools).toEqual(tools);
    expect(reading.stack.map((t) => t.name)).not.toEqual(expect.arrayContaining(tools));
  });

  it('counts Replit as where the app runs unless the text says it built the code', () => {
    expect(stackOf('Set up a custom domain for my Replit app')).toEqual(['Replit']);
    expect(readTechnologies('Set up a custom domain for my Replit app').aiTools).toEqual([]);
    // A product that calls an AI model still has it in its stack.
    expect(stackOf('The Claude API keeps timing out in our Next.js app')).toEqual(['Claude', 'Next.js']);
  });

  it('adds what a named technology implies, after the named ones', () => {
    expect(impliedOf('A Spring Boot service')).toEqual(['Java']);
    expect(impliedOf('Make our Magento checkout faster')).toEqual(['PHP']);
    expect(impliedOf('A Blazor app')).toEqual(['.NET', 'C#']);
    // A hosted builder implies nothing about the person's own code.
    expect(impliedOf('My Wix site')).toEqual([]);
  });

  it('reads where the code lives as access to it, not as stack', () => {
    expect(readTechnologies('It is in a private GitHub repo')).toMatchObject({ stack: [], codeHosts: ['GitHub'] });
    expect(readTechnologies('The code is on Codeberg')).toMatchObject({ stack: [], codeHosts: ['Codeberg'] });
    expect(stackOf('Our GitHub Actions deploy fails')).toEqual(['GitHub Actions']);
  });

  it('reads technologies from attachment names through the catalogue', () => {
    expect(technologiesInFileNames(['src/main.rs', 'go.mod', 'notes.md', 'report.pbix']).map((t) => t.name)).toEqual([
      'Rust',
      'Go',
      'Power BI',
    ]);
  });

  it('never names a curated technology with a word that marks a proposal', () => {
    const proposalWords = ['estimate', 'quote', 'plan', 'next steps', 'scope'];
    const offending = CURATED_TECHNOLOGIES.filter((e) => proposalWords.some((w) => e.name.toLowerCase().includes(w)));
    expect(offending).toEqual([]);
  });
});
