import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTask } from '../../server/test/support/seed.ts';
import { startTestServer, type TestServer } from '../../server/test/support/test-server.ts';
import { ADMIN, openTab, signInAsAdmin, taskCard, userRow } from '../support/admin.ts';
import { SECURITY_SUITE_ENV } from '../../server/test/security/suite-env.ts';
import { launchBrowser } from '../support/browser.ts';
import { agentMessages, closePage, sendAndAwaitReply, shot, userMessages } from '../support/chat.ts';
import { signInThroughDashboard } from '../support/sign-in.ts';
import { CLEAN, injectionReport, watchForScriptRuns, XSS_CORPUS, XSS_PAYLOADS } from '../support/xss.ts';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('pglite', { ...SECURITY_SUITE_ENV, ADMIN_EMAILS: ADMIN.email });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

async function newPage(): Promise<{ page: Page; dialogs: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const { dialogs } = await watchForScriptRuns(page);
  return { page, dialogs };
}

/*
 * The security suite's XSS corpus (issue 6 "Tests and done", README "Security tests"): every payload of
 * XSS_PAYLOADS goes where people's text is shown, and each page must stay inert: no script run, no
 * dialog, no active element, and no <style>/<form>/control inside rendered markdown.
 */

describe('attack strings typed in the home chat stay text, in the chat and on the admin screens', () => {
  it('the user’s message, agent-1’s quoting of it, and the name from the identity provider', async () => {
    const { page, dialogs } = await newPage();
    const attacker = { email: 'xss-person@example.com', name: `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>` };
    await signInThroughDashboard(page, server.url, attacker);
    await page.goto(`${server.url}/`);
    await sendAndAwaitReply(page, XSS_CORPUS);
    await userMessages(page).getByText('hover me', { exact: false }).first().waitFor();
    expect(await agentMessages(page).count()).toBeGreaterThan(0);
    await page.getByText('hover me').first().hover();
    expect(await injectionReport(page)).toEqual(CLEAN);
    await closePage(page);

    const { page: admin, dialogs: adminDialogs } = await newPage();
    await signInAsAdmin(admin, server.url);
    await openTab(admin, 'Users');
    await userRow(admin, attacker.email).waitFor();
    await openTab(admin, 'User Conversations');
    await admin
      .getByRole('button', { name: /onerror/ })
      .first()
      .click();
    await admin.getByRole('region', { name: 'Conversations' }).getByRole('button', { pressed: false }).first().click();
    await admin.getByRole('region', { name: 'Messages' }).getByText('hover me', { exact: false }).first().waitFor();
    expect(await injectionReport(admin)).toEqual(CLEAN);
    await closePage(admin);
    expect([...dialogs, ...adminDialogs]).toEqual([]);
  });
});

describe('attack strings in a task are shown on the staff and share pages without running anything', () => {
  it('the Tasks and Conversations tabs, the expert queue and the public share page stay inert', async () => {
    // An accepted task whose every text field carries the corpus: request, proposal, scope, summary.
    const seeded = await seedTask(server.database.db, {
      title: 'Attack <img src=x onerror="window.__xss=1">',
      request: XSS_CORPUS,
      proposal: `## Proposal with estimate\n\n${XSS_CORPUS}`,
      clarifiedScope: XSS_CORPUS,
      jobSummaryForEngineer: XSS_CORPUS,
    });
    const guestName = `Guest ${seeded.ownerPublicId.slice('participant-'.length, 'participant-'.length + 6)}`;

    const { page: admin, dialogs } = await newPage();
    await signInAsAdmin(admin, server.url);
    await openTab(admin, 'Tasks');
    const card = taskCard(admin, seeded.ownerPublicId);
    await card.getByRole('button', { name: 'Show Details' }).click();
    await card.getByText('Conversation (first 10 messages)').waitFor();
    await card.getByRole('region', { name: 'Proposal' }).getByRole('heading', { name: 'Proposal with estimate' }).waitFor();
    // Text that only looks like markup stays text (raw HTML included, so it shows more than once).
    await card.getByRole('region', { name: 'Proposal' }).getByText('<script>window.__xss=1</script>').first().waitFor();
    expect(await injectionReport(admin)).toEqual(CLEAN);

    await card.getByRole('button', { name: 'Share Task' }).click();
    await admin.getByRole('button', { name: 'Generate Share Link' }).click();
    const link = await admin.getByLabel('Share link').inputValue();
    await admin.keyboard.press('Escape');

    await openTab(admin, 'User Conversations');
    await admin.getByRole('button', { name: new RegExp(guestName) }).click();
    await admin.getByRole('region', { name: 'Conversations' }).getByRole('button', { pressed: false }).first().click();
    await admin.getByRole('region', { name: 'Messages' }).getByText('Staff only: customer seems in a hurry.', { exact: false }).waitFor();
    expect(await injectionReport(admin)).toEqual(CLEAN);

    await admin.goto(`${server.url}/expert-queue`);
    const queued = admin.getByRole('article').filter({ hasText: guestName });
    await queued.getByRole('button', { name: 'Show Conversation' }).click();
    await queued.getByRole('list', { name: 'Conversation' }).getByText('hover me').first().waitFor();
    expect(await injectionReport(admin)).toEqual(CLEAN);
    await closePage(admin);

    const { page: stranger, dialogs: strangerDialogs } = await newPage();
    await stranger.goto(link);
    await stranger.getByRole('heading', { name: 'Conversation Context' }).waitFor();
    await stranger.getByRole('listitem', { name: 'Message from User' }).getByText('hover me').waitFor();
    // Hovering and toggling what the attacker hoped would carry handlers.
    await stranger.getByText('hover me').first().hover();
    expect(await injectionReport(stranger)).toEqual(CLEAN);
    await closePage(stranger);
    expect([...dialogs, ...strangerDialogs]).toEqual([]);
  });
});

describe('attack strings in file names and on the messages page stay text', () => {
  it('a file named with a payload: its attachment chip, the sent message and the messages page stay inert', async () => {
    const { page, dialogs } = await newPage();
    await signInThroughDashboard(page, server.url, { email: 'xss-files@example.com', name: 'Files Person' });
    await page.goto(`${server.url}/`);
    const fileName = `"><img src=x onerror="window.__xss=1"><svg onload=window.__xss=1>.txt`;
    await page.locator('input[type="file"]').setInputFiles([{ name: fileName, mimeType: 'text/plain', buffer: Buffer.from(XSS_CORPUS) }]);
    const chips = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
    await chips.filter({ hasText: 'onerror' }).first().waitFor();
    expect(await injectionReport(page, 'body')).toEqual(CLEAN);

    await sendAndAwaitReply(page, `A file and ${XSS_PAYLOADS[2]}`);
    await shot(page, 'xss-file-name-chat.png', { fullPage: true });
    // The sent message names the file in its attachment link.
    await userMessages(page)
      .getByRole('link', { name: /onerror/ })
      .first()
      .waitFor();
    expect(await injectionReport(page)).toEqual(CLEAN);

    // The messages page: the conversation list (title, preview) and the thread.
    await page.goto(`${server.url}/messages`);
    const list = page.getByRole('navigation', { name: 'Your conversations' });
    await list.getByRole('button').first().click();
    await page
      .getByRole('link', { name: /onerror/ })
      .first()
      .waitFor();
    await shot(page, 'xss-file-name-messages.png', { fullPage: true });
    expect(await injectionReport(page, 'body')).toEqual(CLEAN);
    await closePage(page);
    expect(dialogs).toEqual([]);
  });
});
