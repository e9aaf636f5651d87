import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { closePage, FIRST_MESSAGE, SCREENSHOTS, sendAndAwaitReply, shot } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signInThroughDashboard } from './support/sign-in.ts';
import { ADMIN, openTab, signInAsAdmin, taskCard } from './support/admin.ts';
import { largeProject } from '../server/bench/analysis-load.ts';

const run = promisify(execFile);
const FAILED = 'Failed to create repository. Please try again.';

let browser: Browser;
let server: TestServer;
const pageErrors: Error[] = [];
const folders: string[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  // A first start on PGlite (its initdb) can take minutes on a loaded machine.
  [browser, server] = await Promise.all([launchBrowser(), startServer({ ADMIN_EMAILS: ADMIN.email }, { timeoutMs: 240_000 })]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

async function signedInChat(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  await signInThroughDashboard(page, server.baseUrl, { email, name: 'Cora Coder' });
  await page.goto(server.baseUrl);
  await sendAndAwaitReply(page, FIRST_MESSAGE);
  return page;
}

describe('the GitHub modal', () => {
  it('is for signed-in people: a guest who asks to share code gets the sign-in card instead', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(server.baseUrl);
    await page.getByRole('button', { name: 'Share code via GitHub' }).click();
    const card = page.getByRole('region', { name: 'Sign in to keep going' });
    await card.getByText('Sign in to share your code through a repository. Signing in lets you:').waitFor();
    await card.getByText('Share code through GitHub repositories').waitFor();
    expect(await card.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: 'Create GitHub Repository' }).count()).toBe(0);
    await shot(page, 'github-guest-sign-in-card.png');
    await closePage(page);
  });

  it('creates a local repository and shows the exact commands, which push the code', async () => {
    const page = await signedInChat('cora@example.com');
    await page.getByRole('button', { name: 'Share code via GitHub' }).click();
    const modal = page.getByRole('dialog', { name: 'Create GitHub Repository' });
    await modal.getByLabel('What is in the code? (optional)').fill('A Next.js app');
    await modal.getByRole('button', { name: 'Create Repository' }).click();
    const commands = modal.getByLabel('Commands to push your code');
    await commands.waitFor();
    const link = modal.getByRole('link', { name: /\/code-sharing\/git\/unstuck-.+\.git$/ });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${server.baseUrl}/code-sharing/git/unstuck-[a-z0-9-]+\\.git$`));
    const lines = (await commands.innerText()).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^git remote add unstuck http://git:[A-Za-z0-9_-]+@127\\.0\\.0\\.1:\\d+/code-sharing/git/unstuck-[a-z0-9-]+\\.git$`),
    );
    expect(lines[1]).toBe('git push -u unstuck HEAD:main');
    await shot(page, 'github-modal-local-repository.png');

    // An admin has the task's details open.
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    admin.on('pageerror', (error) => pageErrors.push(error));
    await signInAsAdmin(admin, server.baseUrl);
    await openTab(admin, 'Tasks');
    const card = taskCard(admin, 'cora@example.com');
    await card.getByRole('button', { name: 'Show Details' }).click();
    await card.getByText('No code analysed yet').waitFor();

    // The commands as shown work: a real push of a project large enough (about 8 MB of code) that its
    // analysis, a job after the push (decision 025), takes a few seconds.
    const project = await mkdtemp(path.join(os.tmpdir(), 'unstuck-e2e-project-'));
    folders.push(project);
    for (const [name, content] of Object.entries({ 'app.ts': 'export const answer = 42;\n', ...largeProject(8, 160) })) {
      await mkdir(path.dirname(path.join(project, name)), { recursive: true });
      await writeFile(path.join(project, name), content);
    }
    const git = (...args: string[]) =>
      run('git', ['-c', 'user.name=Cora', '-c', 'user.email=cora@example.com', ...args], {
        cwd: project,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
      });
    await git('init', '--quiet');
    await git('add', '--all');
    await git('commit', '--quiet', '-m', 'Code');
    for (const line of lines) await git(...line.split(' ').slice(1));
    await modal.getByRole('button', { name: 'Close' }).click();
    await closePage(page);

    // The pushed code shows as being analysed while its job runs, then its figures arrive by themselves. On a
    // quiet machine the job can end before the admin looks: then the figures are there at once.
    await admin.reload();
    await openTab(admin, 'Tasks');
    await card.getByRole('button', { name: 'Show Details' }).click();
    const analysing = card.getByRole('status').filter({ hasText: 'Analysing code…' });
    const figures = card.getByText(/^161 files, \d+ lines; main languages: JavaScript, TypeScript$/);
    await analysing.or(figures).first().waitFor();
    if (await analysing.isVisible()) await shot(admin, 'admin-task-analysing-code.png');
    await figures.waitFor({ timeout: 120_000 });
    await closePage(admin);
  }, 240_000);

  it("shows the spec's text when the repository cannot be created", async () => {
    const page = await signedInChat('dora@example.com');
    await page.route('**/code-sharing/api/test/repos**', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ code: 'upstream_failed', detail: FAILED }) }),
    );
    await page.getByRole('button', { name: 'Share code via GitHub' }).click();
    const modal = page.getByRole('dialog', { name: 'Create GitHub Repository' });
    await modal.getByRole('button', { name: 'Create Repository' }).click();
    await modal.getByRole('alert').filter({ hasText: FAILED }).waitFor();
    await shot(page, 'github-modal-failure.png');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await closePage(page);
  });
});
