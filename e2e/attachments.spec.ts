import { mkdir } from 'node:fs/promises';
import { deflateSync, crc32 } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { closePage, messageBox, SCREENSHOTS, shot, userMessages } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';

/** A real PNG (a blue square with a white stripe) that the browser can decode and draw. */
function squarePng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.concat([
      Buffer.from([0]),
      ...Array.from({ length: size }, () => Buffer.from(y > size / 3 && y < size / 2 ? [255, 255, 255] : [37, 99, 235])),
    ]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let server: TestServer;
let browser: Browser;
const pageErrors: Error[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  expect(pageErrors).toEqual([]);
});

async function openHome(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

describe('attachments on the home page', () => {
  it('a guest attaches an image and two text files, removes one, sends: the image is drawn from the server and the text file shows as a file', async () => {
    const page = await openHome();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'screen.png', mimeType: 'image/png', buffer: squarePng(96) },
      {
        name: 'build-error.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Error: Cannot find module "next/server"\n    at route.ts:3:1\n'),
      },
      { name: 'unrelated.log', mimeType: 'text/plain', buffer: Buffer.from('not this one') },
    ]);
    const previews = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
    await expect.poll(() => previews.count()).toBe(3);
    await expect(page.getByRole('img', { name: 'screen.png' }).isVisible()).resolves.toBe(true);
    await shot(page, 'attachments-1-previews.png');

    await page.getByRole('button', { name: 'Remove unrelated.log' }).click();
    await expect.poll(() => previews.count()).toBe(2);

    await messageBox(page).fill('The build fails, see the screenshot and the log.');
    await messageBox(page).press('Enter');

    const mine = userMessages(page).first();
    // The server's copy replaces the optimistic one: its image comes from a signed file link.
    const image = mine.getByRole('img', { name: 'screen.png' });
    await expect
      .poll(
        () =>
          image.evaluate((img: HTMLImageElement) => ({
            fromServer: img.src.includes('/api/v2/files/'),
            drawn: img.complete && img.naturalWidth === 96,
          })),
        {
          timeout: 30_000,
        },
      )
      .toEqual({ fromServer: true, drawn: true });
    // The text file is inlined for the agent on the server, but the person sees their words and a file chip.
    await expect(mine.getByRole('link', { name: /build-error\.txt/ }).count()).resolves.toBe(1);
    const text = await mine.textContent();
    expect(text).toContain('The build fails, see the screenshot and the log.');
    expect(text).not.toContain('--- File:');
    expect(text).not.toContain('Cannot find module');
    expect(text).not.toContain('unrelated.log');
    await shot(page, 'attachments-2-sent.png');
    await closePage(page);
  });
});
