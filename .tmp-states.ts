// Scratch: screenshots of the chat's refusal states at 390×844, dark (not committed).
import { launchBrowser } from './e2e/support/browser.ts';
import { startServer } from './e2e/support/server.ts';
import { FIRST_MESSAGE, AGENT_TIMEOUT } from './e2e/support/chat.ts';

const server = await startServer({ GUEST_SESSIONS_PER_HOUR_PER_ADDRESS: '1' });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', hasTouch: false });
  const page = await context.newPage();
  const box = page.getByRole('textbox', { name: 'Message' });
  const agent = page.getByRole('article', { name: 'Message from Unstuck AI' });
  await page.goto(`${server.baseUrl}/`);
  await box.fill(FIRST_MESSAGE);
  await box.press('Enter');
  await agent.first().waitFor({ timeout: AGENT_TIMEOUT });
  await page.getByText('1 message left before signing in').waitFor();
  await page.screenshot({ path: '/tmp/screens-states/1-one-left.png' });
  await box.fill('Next.js 14, the log says TypeError headers undefined. Budget $500, by Friday.');
  await box.press('Enter');
  await agent.nth(1).waitFor({ timeout: AGENT_TIMEOUT });
  await page.getByText('Agent is thinking hard').waitFor({ state: 'detached' });
  await box.fill('One more thing: Node 20.');
  await box.press('Enter');
  await page.getByRole('heading', { name: 'Sign in to keep going' }).waitFor();
  await page.waitForTimeout(500);
  console.log('focused:', await page.evaluate(() => document.activeElement?.textContent));
  await page.screenshot({ path: '/tmp/screens-states/2-sign-in-card.png' });
  // A new guest session from the same address: over its allowance (1 an hour).
  await page.getByRole('button', { name: 'New chat' }).click();
  console.log('after new chat focused:', await page.evaluate(() => document.activeElement?.getAttribute('aria-label')));
  await box.fill('Another problem: my Supabase policy blocks inserts.');
  await box.press('Enter');
  await page.getByRole('alert').waitFor();
  await page.waitForTimeout(500);
  console.log('banner:', await page.getByRole('alert').textContent());
  await page.screenshot({ path: '/tmp/screens-states/3-guest-sessions-refused.png' });
  await page.screenshot({ path: '/tmp/screens-states/3b-guest-sessions-refused-full.png', fullPage: true });
  const notFound = await context.newPage();
  await notFound.goto(`${server.baseUrl}/nowhere`);
  await notFound.getByRole('heading', { name: 'Page not found' }).waitFor();
  await notFound.screenshot({ path: '/tmp/screens-states/4-not-found.png' });
} finally {
  await browser.close();
  await server.stop();
}
