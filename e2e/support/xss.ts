import type { Page } from 'playwright-core';

/**
 * Markdown and HTML that try to run script or inject active elements, each reporting a run by
 * raising `window.__xss`. A small corpus for the admin and share pages; the security suite keeps the
 * full one.
 */
export const XSS_CORPUS = [
  '<script>window.__xss=(window.__xss||0)+1</script>',
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<svg onload="window.__xss=(window.__xss||0)+1"><script>window.__xss=1</script></svg>',
  '<iframe src="javascript:parent.__xss=1"></iframe><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<a href="javascript:window.__xss=1">html link</a> and <a href="  JaVaScRiPt:window.__xss=1">spaced link</a>',
  '[markdown link](javascript:window.__xss=1) and ![markdown image](javascript:window.__xss=1)',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<details open ontoggle="window.__xss=1">toggle</details><b onmouseover="window.__xss=1">hover me</b>',
  '```html\n<script>window.__xss=1</script>\n```\nand `<img src=x onerror=window.__xss=1>` inline',
  // Last: an unclosed <style> may hide what follows it (the allowlist renderer drops <style>).
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
].join('\n\n');

/** Counts script runs from the corpus: call before the page loads anything. */
export async function watchForScriptRuns(page: Page): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __xss: number }).__xss = 0;
  });
  return { dialogs };
}

/**
 * What the corpus managed on the page: script runs, and active content that reached the DOM inside
 * `main` (script-capable elements, event-handler attributes, `javascript:` URLs, srcdoc).
 */
export function injectionReport(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('main') ?? document.body;
    const elements = Array.from(root.querySelectorAll('*'));
    const activeTags = elements
      .filter((el) => ['SCRIPT', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED'].includes(el.tagName))
      .map((el) => el.tagName);
    const handlers = elements.flatMap((el) =>
      Array.from(el.attributes)
        .filter((attribute) => attribute.name.toLowerCase().startsWith('on') || attribute.name.toLowerCase() === 'srcdoc')
        .map((attribute) => `${el.tagName}[${attribute.name}]`),
    );
    const scriptUrls = elements.flatMap((el) =>
      ['href', 'src', 'data', 'action', 'formaction']
        .map((name) => el.getAttribute(name))
        .filter((value): value is string => value !== null && /^\s*javascript:/i.test(value)),
    );
    return { runs: (window as unknown as { __xss: number }).__xss, activeTags, handlers, scriptUrls };
  });
}

/** The report of a page the corpus did nothing to. */
export const CLEAN = { runs: 0, activeTags: [], handlers: [], scriptUrls: [] };
