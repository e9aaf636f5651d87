import type { CodeAnalysis, RequestType } from '@unstuck/contract';
import type { Technology } from '../technologies/types.ts';

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
}

/** What the person said or showed about the code: where it is and whether an expert can get to it. */
export interface CodeAccess {
  /**
   * `repository` (a repo or code host), `files` (files to send), `access` (a login, a collaborator seat
   * or a hosted platform's account), `attached` (code already attached or shared, analysed or being
   * analysed), `none` (nothing built yet).
   */
  kind: 'repository' | 'files' | 'access' | 'attached' | 'none';
  /** Where the code is, in the agent's words: "in a private repository on GitHub". */
  text: string;
}

/** A count the person gave with its unit ("about 80 components", "40k users"), for sizing. */
export interface ScaleFact {
  count: number;
  /** The unit in the singular, lower case ("component", "user", "line"). */
  unit: string;
  /** `items` are pieces of work (pages, components, forms), `people` and `data` are volume, `code` is lines of code. */
  measure: 'items' | 'people' | 'data' | 'code';
}

/** Everything the intake agent has extracted from the person's messages so far. */
export interface IntakeFacts {
  goal: Goal | null;
  type: RequestType;
  /** Technologies of the project, named ones first, then implied ones (Spring Boot → Java). */
  stack: Technology[];
  /** AI builders and assistants the person used or mentions: context, never stack. */
  aiTools: string[];
  deadline: Deadline | null;
  budget: Budget | null;
  links: string[];
  attachments: string[];
  /** For bugs: whether the exact error or the observed behaviour has been described. */
  hasErrorDetails: boolean;
  /** For bugs: the error as the person quoted or described it, when a message has it. */
  errorReport: string | null;
  /** Where the code is and how an expert gets to it; null until the person says or attaches it. */
  codeAccess: CodeAccess | null;
  /** The task's code analysis (an attached archive or a pushed repository); null while there is none or it still runs. */
  codeAnalysis: CodeAnalysis | null;
  scale: ScaleFact[];
  /** Features recognised in the text (sign-in, payments...), used as scope items and size signals. */
  features: string[];
  /** Count of meaningful (non-filler) words in all the person's messages: a detail signal. */
  meaningfulWordCount: number;
  /** All the person's messages joined, oldest first. */
  description: string;
  /** The first message that states the request: what titles and the type are read from. */
  request: string;
}

/**
 * What a clarifying question asks about: the goal, the details (for a bug the error and how to
 * reproduce it; otherwise the size and what exists), the code (where it is, access), and the
 * timing (deadline and budget).
 */
export type Topic = 'goal' | 'details' | 'code' | 'timing';
