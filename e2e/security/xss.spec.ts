import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../../server/src/db/schema.ts';
import { callJson } from '../../server/test/support/http.ts';
import { seedTask } from '../../server/test/support/seed.ts';
import { signInWithDevProvider } from '../../server/test/support/sign-in.ts';
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
 * The security suite's XSS corpus (README "Security tests"): every payload of
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
    await card.getByRole('group', { name: 'Proposal' }).getByRole('heading', { name: 'Proposal with estimate' }).waitFor();
    // Text that only looks like markup stays text (raw HTML included, so it shows more than once).
    await card.getByRole('group', { name: 'Proposal' }).getByText('<script>window.__xss=1</script>').first().waitFor();
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
    await queued.getByRole('link').first().click();
    await admin.getByRole('log', { name: 'Conversation' }).getByText('hover me').first().waitFor();
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

describe('attack strings in emails stay text in the admin Outbox', () => {
  it('an access request made of payloads, and a stored email whose HTML is the corpus: the list and the opened emails stay inert', async () => {
    const admin = await signInWithDevProvider(server.url, { email: ADMIN.email, name: ADMIN.name });
    const seeded = await seedTask(server.database.db, { title: XSS_PAYLOADS[2]! });
    const share = await callJson(server.url, 'POST', `/api/admin/tasks/${seeded.taskId}/share`, { token: admin.token }, {});
    const asked = await callJson(server.url, 'POST', `/api/task-share/${share.body.token}/request-access`, null, {
      name: XSS_PAYLOADS[0]!.slice(0, 200),
      email: 'attacker@example.com',
      message: XSS_CORPUS.slice(0, 5000),
    });
    expect(asked.status).toBe(200);
    // The sanitizer's own test: HTML that our templates never make, stored as if an email held it.
    await server.database.db.insert(emails).values({
      idempotencyKey: 'xss:corpus',
      event: XSS_PAYLOADS[4]!,
      template: 'corpus',
      userId: admin.user.uid,
      toAddress: ADMIN.email,
      messageId: '<xss@example.com>',
      subject: XSS_PAYLOADS[2]!,
      textBody: XSS_CORPUS,
      htmlBody: `<!doctype html><html><head><script>window.__xss=1</script></head><body>${XSS_CORPUS}</body></html>`,
      headers: { 'List-Unsubscribe': `<javascript:window.__xss=1>`, 'X-Payload': XSS_PAYLOADS[3]! },
      status: 'outbox',
    });

    const { page, dialogs } = await newPage();
    await signInAsAdmin(page, server.url);
    await openTab(page, 'Outbox');
    const rows = page.getByRole('row').filter({ hasText: ADMIN.email });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    expect(await injectionReport(page)).toEqual(CLEAN);
    for (const index of [0, 1]) {
      await rows.nth(index).getByRole('button', { name: 'View' }).click();
      const email = page.getByRole('region', { name: `Email to ${ADMIN.email}` });
      await email.getByText('HTML source').waitFor();
      await email.getByText('hover me').first().hover();
      await shot(page, `xss-outbox-${index}.png`, { fullPage: true });
      expect(await injectionReport(page)).toEqual(CLEAN);
      await rows.nth(index).getByRole('button', { name: 'Close' }).click();
    }
    await closePage(page);
    expect(dialogs).toEqual([]);
  });
});
