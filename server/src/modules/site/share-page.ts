import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import escapeHtml from 'escape-html';
import type { PublicConfig, ShareFailure, SharedTaskOutcome, ShareResponse } from '@unstuck/contract';
import { AppError } from '../../lib/errors.ts';
import { WEB_SSR } from '../../paths.ts';

/** The server half of the web build (web/src/app/server-render.tsx, built to web/dist-ssr). */
interface ServerRender {
  renderSharePage(outcome: SharedTaskOutcome, config: PublicConfig): Promise<{ root: string; head: string; title: string }>;
  shareFailureFor(error: { code: string | null; status: number; statusText: string }): ShareFailure;
}

/** Reads a share link for a visitor at `address` (shares.service.ts `openSharedTask`). */
export type OpenSharedTask = (token: string, address: string) => Promise<ShareResponse>;

/** Paints one share page: the app's page (filled, with the share page's preloads) with the page drawn into it. */
export type PaintSharePage = (token: string, address: string) => Promise<string>;

/**
 * The share page painted on the server (docs/decisions/097-share-page-painted-on-the-server.md): the task and
 * its conversation, or the failure the page shows for an unknown, expired or revoked link, drawn into `#root`
 * by the app's own components (web/dist-ssr), with what the page found handed to the browser as JSON so that
 * React takes the HTML over (hydrates) without asking again. Messages are painted as their escaped text;
 * the browser's sanitizer renders their Markdown, as before.
 * @param page the filled app page with the share page's preloads, holding an empty `<div id="root"></div>`.
 * @returns null when the web build has no server half (the page is then drawn in the browser).
 * @throws from a paint: what `open` throws other than an AppError (the database is down).
 */
export async function sharePainter(page: string, config: PublicConfig, open: OpenSharedTask): Promise<PaintSharePage | null> {
  const file = path.join(WEB_SSR, 'server-render.js');
  if (!existsSync(file)) return null;
  const render = (await import(pathToFileURL(file).href)) as ServerRender;
  return async (token, address) => {
    let outcome: SharedTaskOutcome;
    try {
      outcome = { token, shared: await open(token, address) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status = error.statusCode;
      outcome = { token, failure: render.shareFailureFor({ code: error.code, status, statusText: STATUS_CODES[status] ?? '' }) };
    }
    const painted = await render.renderSharePage(outcome, config);
    // Functions as replacements: the painted text is inserted as it is, `$&` and all.
    return page
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(painted.title)}</title>`)
      .replace('</head>', () => `${painted.head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${painted.root}</div>`);
  };
}
