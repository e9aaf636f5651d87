import { specificWords } from './goal.ts';
import type { IntakeFacts } from './types.ts';
import { workKindOf } from './work-kinds.ts';

/**
 * What agent-1 must know before it prices (docs/product.md "agent-1", "Enough to price"): what is
 * wrong or wanted, where it runs (the stack or the host; for something new, the platform), and what
 * "done" looks like.
 */
export type PricingGap = 'what' | 'where' | 'done';

/**
 * Words that only say that something is wrong or slow, not what: "it crashes", "the site is down",
 * "stripe doesn't work" name no part, no error and no moment.
 */
const SYMPTOM_ONLY = new Set(
  "down broken crash crashes crashed crashing slow slowly doesn't don't didn't isn't won't doesnt dont didnt isnt wont not work works working worked failing fails failed issue issues problem problems error errors wrong bad weird used using use custom like something someone usually please asap urgent urgently".split(
    ' ',
  ),
);

/** Where something new would run: the web, a phone, a chat platform. */
const PLATFORM_WORDS =
  /\b(?:web|website|site|online|browser|landing page|mobile|phone|iphone|ios|android|app store|play store|desktop|slack|discord|telegram|whatsapp|teams|chrome|extension|shopify|wordpress)\b/i;

/** The words of the person's messages that say what exactly is wrong or wanted. */
function substance(facts: IntakeFacts): string[] {
  return specificWords(facts.description).filter((w) => !SYMPTOM_ONLY.has(w));
}

/**
 * What is still missing to price the work, most important first (empty: enough to price). What: a
 * goal of a known kind, with an error described, a well-known kind of job, a feature or a count, or at
 * least four words of substance. Where: a named technology, where the code is, a link, or for
 * something new the platform. Done: implied by a described bug; for other work a feature, a count, a
 * timing (speed work) or enough words of substance; asked only once what is known. Pure.
 */
export function missingToPrice(facts: IntakeFacts): PricingGap[] {
  const words = substance(facts).length;
  const known = facts.hasErrorDetails || workKindOf(facts) !== null || facts.features.length > 0 || facts.scale.length > 0;
  // A bug is known by what happens, not by the feature it hits ("stripe doesn't work" names payments, not the failure).
  const what =
    facts.goal !== null &&
    facts.type !== 'unclear' &&
    ((facts.type === 'bug_fix' ? facts.hasErrorDetails : known) || words >= (facts.type === 'new_build' ? 5 : 3));
  const where =
    facts.stack.length > 0 ||
    facts.codeAccess !== null ||
    facts.links.length > 0 ||
    (facts.type === 'new_build' && PLATFORM_WORDS.test(facts.description));
  // A report of trouble says what done is (it works again); while what is wrong is unknown, that comes first.
  const done =
    !what ||
    facts.type === 'bug_fix' ||
    known ||
    (facts.type === 'performance' ? /\d/.test(facts.description) || words >= 6 : words >= (facts.type === 'new_build' ? 6 : 5));
  return [...(what ? [] : (['what'] as const)), ...(where ? [] : (['where'] as const)), ...(done ? [] : (['done'] as const))];
}
