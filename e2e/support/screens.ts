import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signInAsAdmin } from './admin.ts';
import { axeViolations } from './axe.ts';
import { linkContrastProblems } from './contrast.ts';
import { launchBrowser } from './browser.ts';
import { AGENT_TIMEOUT, closePage, DETAILED_MESSAGE, messageBox, pickGeneratedFiles, proposalButtons, shot } from './chat.ts';
import { startServer, type TestServer } from './server.ts';
import { accountButton, signInThroughDashboard } from './sign-in.ts';

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
/** `visitor`: a guest whose conversation ends in a proposal they have not answered. */
type Role = 'guest' | 'visitor' | 'customer' | 'expert' | 'admin';
/** Roles that sign in: their pages renew the access token. */
const SIGNED_IN: ReadonlySet<Role> = new Set(['customer', 'expert', 'admin']);

export const VARIANTS = {
  'desktop-light': { viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  'desktop-dark': { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  'mobile-light': { viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  'mobile-dark': { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
} as const;

let server: TestServer;
let browser: Browser;
const signedIn: Partial<Record<Role, Storage>> = {};
let shareLink = '';
let customerConversation = '';
let expertTask = '';

const token = (storage: Storage | undefined) =>
  storage?.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'auth_token')?.value ?? '';

async function api(path: string, as: Role, method = 'GET', body?: unknown) {
  const answer = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token(signedIn[as])}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // A refused seeding call would show up later as a screen that never becomes ready: say which call it was.
  if (!answer.ok) throw new Error(`${method} ${path} as ${as}: ${answer.status} ${await answer.text()}`);
  return answer.json() as Promise<unknown>;
}

/** The people and data every screen shows: a proposal, an accepted task taken by an expert, a share link. */
async function seed() {
  // A guest reaches a proposal and leaves it unanswered.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`${server.baseUrl}/`);
  await messageBox(guest).fill(DETAILED_MESSAGE);
  await messageBox(guest).press('Enter');
  await proposalButtons(guest).accept.waitFor({ timeout: AGENT_TIMEOUT });
  signedIn.visitor = await guest.context().storageState();

  // A customer reaches a proposal and accepts it; an expert takes the task; the admin shares it.
  const customer = await (await browser.newContext()).newPage();
  await signInThroughDashboard(customer, server.baseUrl, { email: 'casey@example.com', name: 'Casey Customer' });
  await customer.goto(`${server.baseUrl}/`);
  await messageBox(customer).fill(DETAILED_MESSAGE);
  await messageBox(customer).press('Enter');
  await proposalButtons(customer).accept.waitFor({ timeout: AGENT_TIMEOUT });
  customerConversation = (await customer.evaluate(() => localStorage.getItem('current_conversation_id'))) ?? '';
  signedIn.customer = await customer.context().storageState();

  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin, server.baseUrl);
  signedIn.admin = await admin.context().storageState();

  const expert = await (await browser.newContext()).newPage();
  await signInThroughDashboard(expert, server.baseUrl, { email: 'erin@example.com', name: 'Erin Expert' });
  const users = (await api('/api/admin/users', 'admin')) as Array<{ uid: string; email: string }>;
  const erin = users.find((user) => user.email === 'erin@example.com');
  await api('/api/admin/users/set-expert', 'admin', 'POST', { userId: erin?.uid, isExpert: true });
  // A fresh token carries the expert claim.
  await expert.reload();
  await expert.evaluate(async () => {
    const answer = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` },
    });
    const { token: fresh } = (await answer.json()) as { token: string };
    localStorage.setItem('auth_token', fresh);
  });
  signedIn.expert = await expert.context().storageState();

  // Accepting the proposal puts the task in the queue; the expert takes it.
  await proposalButtons(customer).accept.click();
  await customer.getByRole('button', { name: 'Continue Conversation' }).click();
  const tasks = (await api('/api/v2/tasks', 'admin')) as Array<{ id: string; conversationId: string }>;
  const task = tasks.find((t) => t.conversationId === customerConversation);
  await api(`/api/expert/tasks/${task?.id}/take`, 'expert', 'POST');
  // A link in the expert's message: it must read on the customer's, the expert's (own) and the admin's bubbles.
  await api(`/api/expert/tasks/${task?.id}/messages`, 'expert', 'POST', {
    content: 'Hi Casey, I am on it. **First step:** reproduce the error, as [the upgrade guide](https://nextjs.org/docs) says.',
  });
  expertTask = task?.id ?? '';
  const share = (await api(`/api/admin/tasks/${task?.id}/share`, 'admin', 'POST', { expiry_hours: 24 })) as { share_token: string };
  shareLink = `/task-share/${share.share_token}`;
  for (const page of [guest, customer, admin, expert]) await closePage(page);
}

/** A screen: who looks at it, where, and what shows once it is ready (and what to do there first). */
interface Screen {
  name: string;
  as: Role;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

const SCREENS: Screen[] = [
  { name: 'home-first-visit', as: 'guest', path: '/', ready: heading(/Stuck building with/) },
  {
    name: 'home-proposal',
    as: 'visitor',
    path: '/',
    ready: async (page) => {
      await proposalButtons(page).accept.waitFor();
      // Rendered Markdown (the renderer loads with the first message), not its characters; on a phone
      // the proposal's sections start folded, so the list is there but not shown.
      await page.locator('.proposal .markdown li').first().waitFor({ state: 'attached' });
    },
  },
  {
    name: 'sign-in-modal',
    as: 'visitor',
    path: '/',
    ready: async (page) => {
      await proposalButtons(page).accept.click();
      await page.getByRole('dialog', { name: 'Sign in to continue' }).waitFor();
    },
  },
  {
    name: 'home-sign-in-card',
    as: 'guest',
    path: '/dashboard',
    ready: heading('Sign in to keep going'),
  },
  // Its top arrives painted; the contents come with the script.
  { name: 'docs', as: 'guest', path: '/docs/mcp-server', ready: heading('Contents') },
  { name: 'share', as: 'guest', path: 'share', ready: heading('Conversation Context') },
  { name: 'share-invalid', as: 'guest', path: `/task-share/${'x'.repeat(43)}`, ready: heading('Shared task') },
  {
    name: 'login-error',
    as: 'guest',
    path: '/login-error?error=access_denied',
    ready: heading('There was an error during authentication'),
  },
  { name: 'admin-sign-in', as: 'guest', path: '/admin', ready: heading('Administrator Sign In Required') },
  {
    name: 'home-chat',
    as: 'customer',
    path: '/',
    ready: async (page) => {
      await page.getByText('Erin is on it.').waitFor();
      await page.locator('.proposal__summary p').first().waitFor();
    },
  },
  {
    name: 'account-menu',
    as: 'customer',
    path: '/dashboard',
    ready: async (page) => {
      await heading('Dashboard')(page);
      await accountButton(page).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    },
  },
  { name: 'dashboard', as: 'customer', path: '/dashboard', ready: heading('Your Active Jobs') },
  { name: 'messages', as: 'customer', path: '/messages', ready: heading('Conversations') },
  {
    name: 'messages-thread',
    as: 'customer',
    path: 'thread',
    ready: async (page) => {
      await page.getByRole('article', { name: 'Message from Erin Expert' }).locator('.markdown strong').waitFor();
    },
  },
  {
    name: 'edit-profile-error',
    as: 'customer',
    path: '/edit-profile',
    ready: async (page) => {
      await page.getByLabel('Name').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Please enter your name.').waitFor();
    },
  },
  {
    name: 'submit-job',
    as: 'customer',
    path: '/submit-job',
    ready: async (page) => {
      await heading('Submit a Job to the agent')(page);
      await pickGeneratedFiles(page.locator('input[type="file"]'), [{ name: 'huge.zip', type: 'application/zip', size: 11 * 1024 * 1024 }]);
      await page.getByText('This file is larger than 10 MB').waitFor();
    },
  },
  { name: 'expert-queue', as: 'expert', path: '/expert-queue', ready: heading(/^Mine/) },
  {
    name: 'expert-task',
    as: 'expert',
    path: 'task',
    ready: (page) => page.getByRole('article', { name: 'Message from You' }).getByRole('link', { name: 'the upgrade guide' }).waitFor(),
  },
  { name: 'not-found', as: 'customer', path: '/no-such-page', ready: heading('Page not found') },
  {
    name: 'admin-users',
    as: 'admin',
    path: '/admin/users',
    ready: (page) => page.getByRole('row').filter({ hasText: 'casey@example.com' }).waitFor(),
  },
  {
    name: 'admin-conversations',
    as: 'admin',
    path: '/admin/conversations',
    ready: async (page) => {
      await page.getByRole('button', { name: /Casey Customer/ }).click();
      await page.getByRole('region', { name: 'Conversations' }).getByRole('button', { pressed: false }).first().click();
      await page.getByRole('region', { name: 'Notes for staff' }).first().waitFor();
      // Rendered Markdown, not the characters of it (the renderer loads with the first message).
      await page.getByRole('region', { name: 'Messages' }).locator('.markdown strong').first().waitFor();
    },
  },
  { name: 'admin-api-keys', as: 'admin', path: '/admin/apikeys', ready: (page) => page.getByRole('button', { name: 'Create' }).waitFor() },
  {
    name: 'admin-tasks',
    as: 'admin',
    path: '/admin/tasks',
    ready: async (page) => {
      const card = page.getByRole('article', { name: /^Task / }).first();
      await card.getByRole('button', { name: 'Show Details' }).click();
      await card.getByText('Conversation (first 10 messages)').waitFor();
    },
  },
  { name: 'admin-outbox', as: 'admin', path: '/admin/outbox', ready: (page) => page.getByRole('region', { name: 'Outbox' }).waitFor() },
  { name: 'admin-audit', as: 'admin', path: '/admin/audit', ready: (page) => page.getByRole('region', { name: 'Audit log' }).waitFor() },
];

// Each variant visits every screen (26, about 3 s each with the axe run on a 2-core machine): more
// than the suite's default two minutes.
const VARIANT_TIMEOUT_MS = 480_000;

/**
 * Every screen in the given variants (1280×800 and 390×844, light and dark), signed out (with and
 * without a conversation), and signed in as a customer, an expert and an admin: a screenshot of each
 * under e2e/screenshots/screens/ to look at, and axe-core's WCAG 2.1 AA check (colour contrast
 * included) with its best practices, which must find nothing of any impact, and the contrast of every
 * link in a message, computed here (axe passed a link coloured like its bubble). One server and one
 * seeding per call: the variants of a spec file share them, and spec files run side by side.
 * @param names the variants this spec file checks, one test each.
 */
export function describeScreens(names: ReadonlyArray<keyof typeof VARIANTS>): void {
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: ADMIN.email });
    browser = await launchBrowser();
    await seed();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('every screen (axe-core, WCAG 2.1 AA)', { timeout: VARIANT_TIMEOUT_MS }, () => {
    for (const name of names) {
      const variant = VARIANTS[name];
      it(`has no violations and no sideways scrolling: ${name}`, async () => {
        const found: string[] = [];
        // One browser context per role for the variant: its pages share the HTTP and code caches, as a
        // person's visits do, and a signed-in context keeps its newest token.
        const contexts = new Map<Role, BrowserContext>();
        const pageFor = async (role: Role): Promise<Page> => {
          let context = contexts.get(role);
          if (!context) {
            context = await browser.newContext({
              viewport: variant.viewport,
              colorScheme: variant.colorScheme,
              ...(role === 'guest' ? {} : { storageState: signedIn[role] }),
            });
            contexts.set(role, context);
          }
          return context.pages()[0] ?? context.newPage();
        };
        for (const screen of SCREENS) {
          const page = await pageFor(screen.as);
          const path =
            screen.path === 'share'
              ? shareLink
              : screen.path === 'thread'
                ? `/messages?conversation=${customerConversation}`
                : screen.path === 'task'
                  ? `/expert-queue/${expertTask}`
                  : screen.path;
          await page.goto(`${server.baseUrl}${path}`);
          await screen.ready(page);
          await page.evaluate(() => document.fonts.ready);
          await shot(page, `screens/${name}-${screen.name}.png`);
          found.push(...(await axeViolations(page, { everyRule: true })).map((line) => `${screen.name}: ${line}`));
          found.push(...(await linkContrastProblems(page)).map((line) => `${screen.name}: ${line}`));
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (sideways > 0) found.push(`${screen.name}: the page scrolls ${sideways} px sideways`);
        }
        for (const [role, context] of contexts) {
          // Admin pages renew the token (the old one is retired 30 s later): the next variant starts from the newest.
          if (SIGNED_IN.has(role)) signedIn[role] = await context.storageState();
          await context.close();
        }
        expect(found).toEqual([]);
      });
    }
  });
}
