import type { Page } from 'playwright-core';

/** WCAG 2.1 AA for normal text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The links inside messages (every bubble of the customer's, the expert's and the admin's views, their
 * attachments included) whose text has less than {@link MIN_TEXT_CONTRAST}:1 against what is behind
 * it, as "text (ratio)" lines; [] when every one is readable. The ratio is computed here from the
 * computed colours (WCAG relative luminance), each background with an alpha laid over the one behind
 * it: axe-core passed a link coloured like its own bubble.
 */
export function linkContrastProblems(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a];
    };
    const over = (top: Rgba, below: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])).concat(1) as Rgba;
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    /** The colour behind `element`: its own background and its ancestors', the nearer laid over the farther. */
    const backgroundOf = (element: Element | null): Rgba => {
      if (!element) return parse(getComputedStyle(document.documentElement).backgroundColor || 'rgb(255, 255, 255)');
      const own = parse(getComputedStyle(element).backgroundColor);
      if (own[3] >= 1) return own;
      const behind = element.parentElement ? backgroundOf(element.parentElement) : ([255, 255, 255, 1] as Rgba);
      return own[3] === 0 ? behind : over(own, behind);
    };
    const problems: string[] = [];
    for (const link of document.querySelectorAll('.markdown a, a.message-attachment')) {
      if (!(link instanceof HTMLElement) || link.getClientRects().length === 0) continue;
      const background = backgroundOf(link);
      const text = over(parse(getComputedStyle(link).color), background);
      const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < minimum) problems.push(`link "${link.textContent?.trim()}" (${ratio.toFixed(2)}:1)`);
    }
    return problems;
  }, MIN_TEXT_CONTRAST);
}
