import type { Budget } from './types.ts';

/** "1,500", "1500", "1.5" with an optional "k" (thousands). Groups: integer, fraction, k. */
const AMOUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s?([kK])(?![\p{L}\p{N}]))?`;
const SYMBOL = String.raw`(US\$|CA\$|C\$|AU\$|A\$|\$|€|£|₹)`;
const CODE = String.raw`(USD|EUR|GBP|CAD|AUD|INR|CHF)`;
const WORD = String.raw`(dollars?|bucks|euros?|pounds?)`;

const CURRENCY_BY_TOKEN: Readonly<Record<string, string>> = {
  $: 'USD',
  us$: 'USD',
  ca$: 'CAD',
  c$: 'CAD',
  au$: 'AUD',
  a$: 'AUD',
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  dollar: 'USD',
  dollars: 'USD',
  bucks: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
};

interface Candidate {
  index: number;
  text: string;
  amount: number;
  currency: string | null;
}

// Each form: how to read the currency token and the amount groups out of a match.
const FORMS: readonly { pattern: RegExp; read: (m: RegExpMatchArray) => { token: string | undefined; at: number } }[] = [
  { pattern: new RegExp(`${SYMBOL}\\s?${AMOUNT}`, 'gu'), read: (m) => ({ token: m[1], at: 2 }) },
  { pattern: new RegExp(`\\b${CODE}\\s?${AMOUNT}`, 'giu'), read: (m) => ({ token: m[1], at: 2 }) },
  { pattern: new RegExp(`(?<![\\p{L}\\p{N}.,])${AMOUNT}\\s?(?:${CODE}|${WORD})\\b`, 'giu'), read: (m) => ({ token: m[4] ?? m[5], at: 1 }) },
  // "We have 2k for this": an amount set aside for the work.
  {
    pattern: new RegExp(
      `(?<=\\b(?:have|got|set aside|allocated|can do)\\s+(?:about\\s+|around\\s+|roughly\\s+|up to\\s+)?)${AMOUNT}(?=\\s+(?:for\\s+(?:this|it|the)\\b|to spend\\b))`,
      'giu',
    ),
    read: () => ({ token: undefined, at: 1 }),
  },
  // A bare number only counts after a budget word: "500" in "returns 500" is a status code, not money.
  {
    pattern: new RegExp(`\\b(?:budget|spend|pay|afford)\\b[^.!?\\n\\d$€£₹]{0,25}?${AMOUNT}`, 'giu'),
    read: () => ({ token: undefined, at: 1 }),
  },
];

const NOT_MONEY_AFTER = /^\s*(?:%|hours?\b|hrs?\b|h\b|days?\b|weeks?\b|months?\b|users?\b|people\b|pages?\b|min(?:ute)?s?\b)/i;
const RANGE_AFTER = new RegExp(`^\\s*(?:-|–|to|and)\\s*${SYMBOL}?\\s?${AMOUNT}`, 'iu');
const HOURLY_AFTER = /^\s*(?:\/\s*(?:h|hr|hour)\b|per hour\b|an hour\b|hourly\b)/i;
const OPEN_BUDGET =
  /\b(?:budget (?:is )?(?:flexible|open|tbd|unknown|not (?:fixed|set))|flexible budget|no (?:fixed |set |real )?budget|not sure (?:about|of|on) (?:the |my )?budget|don'?t (?:have|know) (?:a |the |my )?budget)\b/i;

function toNumber(integer: string | undefined, fraction: string | undefined, thousands: string | undefined): number {
  const value = Number(`${(integer ?? '0').replace(/,/g, '')}${fraction ? `.${fraction}` : ''}`);
  return thousands ? value * 1000 : value;
}

function currencyOf(token: string | undefined): string | null {
  if (!token) return null;
  return CURRENCY_BY_TOKEN[token.toLowerCase()] ?? token.toUpperCase();
}

function candidatesIn(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const { pattern, read } of FORMS) {
    for (const m of text.matchAll(pattern)) {
      const { token, at } = read(m);
      const end = m.index + m[0].length;
      if (NOT_MONEY_AFTER.test(text.slice(end))) continue;
      found.push({ index: m.index, text: m[0], amount: toNumber(m[at], m[at + 1], m[at + 2]), currency: currencyOf(token) });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * Reads a budget from one message: "$500", "500 USD", "€2k", "budget of 1,500", ranges ("$500-$1,000":
 * the upper amount counts), rates ("$50/hour", flagged `hourly`) and open answers ("budget is
 * flexible", amount null). The first amount in the message wins. Returns null when none is found.
 */
export function extractBudgetFromMessage(text: string): Budget | null {
  const candidates = candidatesIn(text);
  const earliest = candidates[0];
  // "pay 500 USD" is read both as "pay 500" and as "500 USD": the reading with a currency says more.
  const first = candidates.find((c) => c.currency !== null && earliest && c.index < earliest.index + earliest.text.length) ?? earliest;
  if (!first) {
    const open = OPEN_BUDGET.exec(text);
    return open ? { text: open[0], amount: null, currency: null, hourly: false } : null;
  }
  const end = first.index + first.text.length;
  const rest = text.slice(end);
  const range = RANGE_AFTER.exec(rest);
  const upper = range ? toNumber(range[2], range[3], range[4]) : null;
  const isRange = upper !== null && upper > first.amount;
  const spanEnd = isRange && range ? end + range[0].length : end;
  return {
    text: text.slice(first.index, spanEnd).trim(),
    amount: isRange ? upper : first.amount,
    currency: first.currency ?? (isRange && range ? currencyOf(range[1]) : null),
    hourly: HOURLY_AFTER.test(text.slice(spanEnd)),
  };
}

/** The budget of a conversation: the one in the latest message that states one (people revise budgets). */
export function extractBudget(messages: readonly string[]): Budget | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const budget = extractBudgetFromMessage(messages[i] ?? '');
    if (budget) return budget;
  }
  return null;
}
