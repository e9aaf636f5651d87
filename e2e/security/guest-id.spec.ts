import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../server/src/db/schema.ts';
import { callJson, sendMessage, waitForAgentReply } from '../../server/test/support/http.ts';
import { participantIdOf } from '../../server/test/support/seed.ts';
import { SECURITY_SUITE_ENV } from '../../server/test/security/suite-env.ts';
import { signInWithDevProvider } from '../../server/test/support/sign-in.ts';
import { startTestServer, type TestServer } from '../../server/test/support/test-server.ts';
import { ADMIN, openTab, signInAsAdmin, taskCard } from '../support/admin.ts';
import { launchBrowser } from '../support/browser.ts';
import { closePage } from '../support/chat.ts';

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

/** A page that keeps every answer the browser received (body text), to search them with its HTML. */
async function recordingPage(): Promise<{ page: Page; seen: () => Promise<string> }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const bodies: Array<Promise<string>> = [];
  page.on('response', (response) => {
    // An open event stream's body never ends; server/test/security/guest-id.test.ts reads the streams.
    if (response.headers()['content-type']?.startsWith('text/event-stream')) return;
    bodies.push(response.text().catch(() => ''));
  });
  return { page, seen: async () => `${(await Promise.all(bodies)).join('\n')}\n${await page.content()}` };
}

/*
 * The admin tabs, the expert queue and the public share page in Chromium, over a guest's conversation:
 * neither what they show nor any answer they fetched carries the guest's id, its credential
 * (server/test/security/guest-id.test.ts covers every API answer; docs/decisions/021-participant-ids.md).
 */
describe("a guest's id on the staff and share pages", () => {
  it('the admin tabs, the expert queue and the share page show the participant id, never the guest id', async () => {
    const guestId = `guest-${randomBytes(24).toString('hex')}`;
    const sent = await sendMessage(
      server.url,
      { guest: guestId },
      { content: 'My Django admin sends me back to the login page' },
      { name: 'login.log', type: 'text/plain', data: new TextEncoder().encode('302 /admin/login/') },
    );
    await waitForAgentReply(server.url, { guest: guestId }, sent.body.conversation_id, sent.body.id);
    const participant = await participantIdOf(server.database.db, guestId);
    const guestName = `Guest ${participant.slice('participant-'.length, 'participant-'.length + 6)}`;
    // In the expert queue too (a guest's task cannot be accepted through the API: accepting needs a sign-in).
    await server.database.db.update(tasks).set({ status: 'ACCEPTED' }).where(eq(tasks.conversationId, sent.body.conversation_id));
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, sent.body.conversation_id));
    const { token } = await signInWithDevProvider(server.url, ADMIN);
    const share = await callJson(server.url, 'POST', `/api/admin/tasks/${task!.id}/share`, { token }, {});

    const { page: admin, seen: adminSaw } = await recordingPage();
    await signInAsAdmin(admin, server.url);
    await admin.getByRole('row').filter({ hasText: guestName }).getByText(participant).first().waitFor();
    await openTab(admin, 'User Conversations');
    await admin.getByRole('button', { name: new RegExp(guestName) }).click();
    await admin.getByRole('region', { name: 'Conversations' }).getByRole('button', { pressed: false }).first().click();
    await admin.getByRole('region', { name: 'Messages' }).getByText('sends me back to the login page', { exact: false }).first().waitFor();
    await openTab(admin, 'Tasks');
    const card = taskCard(admin, participant);
    await card.getByRole('button', { name: 'Show Details' }).click();
    await card.getByText('Conversation (first 10 messages)').waitFor();
    await openTab(admin, 'Audit Log');
    await admin.getByText('share_link.create').first().waitFor();
    await admin.goto(`${server.url}/expert-queue`);
    const queued = admin.getByRole('article').filter({ hasText: guestName });
    await queued.getByRole('link').first().click();
    await admin
      .getByRole('region', { name: 'Conversation with the customer' })
      .getByText('sends me back to the login page', { exact: false })
      .first()
      .waitFor();

    const { page: holder, seen: holderSaw } = await recordingPage();
    await holder.goto(share.body.share_url);
    await holder.getByRole('heading', { name: 'Conversation Context' }).waitFor();

    const secret = guestId.slice('guest-'.length);
    for (const seen of [await adminSaw(), await holderSaw()]) {
      expect(seen).toContain('sends me back to the login page');
      expect(seen.includes(secret), 'the guest id on a staff or share page').toBe(false);
    }
    await closePage(admin);
    await closePage(holder);
  });
});
