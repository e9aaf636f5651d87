import type { PricingGap } from './readiness.ts';
import type { IntakeFacts } from './types.ts';

/** Words of trouble: an unclear request that has them reports a problem rather than asks for something new. */
const TROUBLE =
  /\b(?:broken|break\w*|crash\w*|down|errors?|fail\w*|slow\w*|bugs?|not working|doesn['’]?t work|won['’]?t|can['’]?t|stopped)\b/i;

/** The question for what is wrong or wanted; `attempt` 1 asks it a second way, never in the same words. */
function whatQuestion(facts: IntakeFacts, attempt: number): string {
  if (facts.type === 'performance') {
    return attempt === 0
      ? 'What exactly is slow (a page, a search, a report, the whole site), and how long does it take?'
      : 'Which page or action feels slowest, and roughly how many seconds does it take?';
  }
  if (facts.type === 'bug_fix' || (facts.type === 'unclear' && TROUBLE.test(facts.description))) {
    return attempt === 0
      ? 'What exactly goes wrong: what do you see (an error message, a blank page, the app closing), and when does it happen?'
      : 'What were you doing right before it went wrong, and what did the screen or the log show at that moment?';
  }
  if (facts.type === 'unclear') {
    return attempt === 0
      ? 'What exactly do you need: something fixed, changed or built, and what is it for?'
      : 'What would you like to be different once an expert has helped you?';
  }
  if (facts.type === 'new_build') {
    return attempt === 0
      ? 'What must the first version let people do (the three or four most important things)?'
      : 'Who will use it first, and what is the one thing they must be able to do on day one?';
  }
  return attempt === 0 ? 'What exactly should it do, in a sentence or two?' : 'What would you like to be different once the work is done?';
}

function whereQuestion(facts: IntakeFacts, attempt: number): string {
  if (facts.type === 'new_build') {
    return attempt === 0
      ? 'Should it be a website, a phone app (iPhone, Android), or both?'
      : 'Where should people use it: in a browser, on their phones, or both?';
  }
  if (/\b(?:database|db)\b/i.test(facts.description)) {
    return attempt === 0
      ? 'Which database is it (for example PostgreSQL, MySQL, MongoDB), and what runs on it (the app, where it is hosted)?'
      : 'Is it PostgreSQL, MySQL, MongoDB or another database, and which host runs it?';
  }
  return attempt === 0
    ? 'What is it built with, and where does it run (for example Flutter on Android, WordPress on a shared host, Next.js on Vercel)?'
    : 'Which platform or framework is it made with, and who hosts it?';
}

/**
 * The questions that close the gaps before pricing (readiness.ts), most important first, one per
 * line, at most three. `attempt` counts the questions already asked, so a second try asks in other
 * words. None uses the words that make the client show proposal buttons.
 */
export function gapQuestions(gaps: readonly PricingGap[], facts: IntakeFacts, attempt: number): string[] {
  return gaps
    .map((gap) => {
      switch (gap) {
        case 'what':
          return whatQuestion(facts, attempt);
        case 'where':
          return whereQuestion(facts, attempt);
        case 'done':
          return facts.type === 'new_build' ? 'What does done look like for the first version?' : 'What does done look like for you?';
      }
    })
    .slice(0, 3);
}
