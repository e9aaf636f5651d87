import type { Page } from 'playwright-core';

/** What a page keeps of the nodes its script took out of the document (see {@link watchRedrawing}). */
interface Redrawn {
  redrawn: string[];
}

/**
 * Records, from before the page's first byte, every heading (`h1`) or message box (`textarea`) taken out of the
 * document, alone or inside a removed node: drawing over a painted page (`createRoot`) takes them out and puts new
 * ones in, hydrating keeps them (docs/decisions/098-hydrated-first-views.md). Read them with {@link redrawnNodes}.
 */
export async function watchRedrawing(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as Redrawn).redrawn = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && (node.matches('h1, textarea') || node.querySelector('h1, textarea')))
            removed.push(node.outerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The start of each heading or message box (or what held it) taken out of the document since it began loading. */
export const redrawnNodes = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as Redrawn).redrawn);

/** Collects the page's uncaught errors and console errors (a hydration mismatch is reported as one). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
