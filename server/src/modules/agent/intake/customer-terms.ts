import { extractBudget } from './extract-budget.ts';
import { extractDeadline } from './extract-deadline.ts';

/**
 * The customer's budget and deadline as an expert reads them, in the customer's own words, e.g.
 * `{ budget: "$1,500", deadline: "by Friday (urgent)" }`; each null when never stated. Later
 * messages win (extractBudget, extractDeadline).
 * @param words what the customer wrote in the conversation, oldest first.
 */
export function customerTerms(words: readonly string[]): { budget: string | null; deadline: string | null } {
  const budget = extractBudget(words);
  const deadline = extractDeadline(words);
  return { budget: budget?.text ?? null, deadline: deadline ? `${deadline.text}${deadline.urgent ? ' (urgent)' : ''}` : null };
}
