/** What kind of work a request is; decides the question order and the hours table (see estimate.ts). */
export type RequestType = 'bug-fix' | 'new-feature' | 'new-app' | 'deployment' | 'integration' | 'other';

/** Broad family of a stack item; services and AI vendors count as integrations when sizing work. */
export type StackKind = 'language' | 'framework' | 'database' | 'platform' | 'service' | 'ai' | 'tool';

/** A technology named by the person, under its canonical name from the stack catalog. */
export interface StackItem {
  name: string;
  kind: StackKind;
}

/** A budget as the person stated it. Amounts are in units of `currency` (null when not stated). */
export interface Budget {
  /** The person's own words, e.g. "$1,500" or "budget of 2k". */
  text: string;
  /** Upper amount (the only amount when not a range); null for "flexible" or "not sure". */
  amount: number | null;
  /** ISO 4217 code when the person gave a symbol, code or currency word. */
  currency: string | null;
  /** True when the amount is a rate ("$50/hour"), not a total. */
  hourly: boolean;
}

/** A deadline as the person stated it; no date arithmetic is done on it (the expert confirms dates). */
export interface Deadline {
  /** The phrase as written ("by next Friday", "ASAP") or "flexible" wording. */
  text: string;
  urgent: boolean;
}

/** The goal, once the person has said enough to act on (rule in goal.ts). */
export interface Goal {
  /** The goal in the person's words, cleaned of request fillers, at most about 280 characters. */
  text: string;
  /** One-line title derived from the goal, at most 80 characters. */
  title: string;
}

/** Everything the intake agent has extracted from the person's messages so far. */
export interface IntakeFacts {
  goal: Goal | null;
  type: RequestType;
  stack: StackItem[];
  deadline: Deadline | null;
  budget: Budget | null;
  links: string[];
  attachments: string[];
  /** For bugs: whether the exact error or the observed behaviour has been described. */
  hasErrorDetails: boolean;
  /** For bugs: the person's words describing the error, when a message has them. */
  errorReport: string | null;
  /** Features recognised in the text (sign-in, payments...), used as scope items and size signals. */
  features: string[];
  /** Count of meaningful (non-filler) words in all the person's messages: a detail signal for sizing. */
  meaningfulWordCount: number;
  /** All the person's messages joined, oldest first. */
  description: string;
}

/** The things the agent asks about, in the order it asks (goal first, then stack/error, then timing). */
export type QuestionStep = 'goal' | 'stack' | 'timing';
