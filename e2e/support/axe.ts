import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA, with WCAG 2.2 AA's additions. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's findings for the page as it is now, against WCAG 2.1 A and AA (colour contrast
 * included), as "rule: target (impact)" lines; an accessible page gives []. `everyRule` adds axe's
 * best practices (landmarks, heading order and the like, mostly of moderate impact): the screens
 * suite asks for all of them on every screen.
 */
export async function axeViolations(page: Page, { everyRule = false }: { everyRule?: boolean } = {}): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(everyRule ? [...WCAG, 'best-practice'] : WCAG).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.impact ?? 'no impact'})`),
  );
}
