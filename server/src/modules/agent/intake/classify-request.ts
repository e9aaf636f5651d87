import { joinAnd, withArticle } from './text.ts';
import type { RequestType, StackItem } from './types.ts';

type Scored = Exclude<RequestType, 'other'>;

/**
 * The keyword table: each pattern found in the person's text adds its weight to its type. Weights
 * favour phrases that settle the type ("from scratch", "returns 500") over words shared by several
 * types ("update", "payments").
 */
const KEYWORDS: Readonly<Record<Scored, readonly (readonly [RegExp, number])[]>> = {
  'bug-fix': [
    [/\b(?:bugs?|buggy|broken|breaks|broke)\b/i, 3],
    [/\b(?:crash\w*|freez\w*|hangs|regression)\b/i, 3],
    [/\b(?:not working|doesn'?t work|does not work|stopped working|won'?t (?:load|start|build|compile|work|open))\b/i, 3],
    [/\b(?:returns?|returning|throws?|throwing|gets?|getting|shows?|showing)\s+(?:an?\s+)?(?:[45]\d\d|errors?)\b/i, 3],
    [/\b(?:errors?|exceptions?|traceback|stack ?trace)\b/i, 2],
    [/\b\w+(?:Error|Exception)\b|\bE[A-Z]{3,}\b/, 3],
    [/\b(?:fails?|failing|failed|failure)\b/i, 2],
    [/\b(?:fix\w*|debug\w*)\b/i, 2],
    [/\b(?:issue|problem|wrong|undefined|blank (?:page|screen)|white screen)\b/i, 1],
  ],
  'new-app': [
    [/\b(?:mvp|from scratch)\b/i, 4],
    [
      /\b(?:build|create|make|develop|launch|start)\w*\s+(?:me\s+)?(?:an?|my|our)\s+(?:new\s+)?(?:[\w.-]+\s+){0,3}?(?:app|application|website|site|platform|saas|marketplace|product|store|shop|game|chatbot|extension)\b/i,
      4,
    ],
    [
      /\b(?:need|want|looking for)\s+(?:an?|my|our)\s+(?:new\s+)?(?:[\w.-]+\s+){0,2}?(?:app|application|website|site|platform|saas|marketplace|store|shop|game|chatbot)\b/i,
      3,
    ],
    [/\bnew (?:app|application|website|site|platform|product|project)\b/i, 3],
    [/\b(?:saas|startup|marketplace|landing page|prototype)\b/i, 2],
    [/\bidea\b/i, 1],
  ],
  'new-feature': [
    [/\b(?:add|adding|implement\w*|extend|introduce)\b/i, 3],
    [/\bfeatures?\b/i, 3],
    [/\bnew (?:page|screen|section|endpoint|button|form|functionality)\b/i, 2],
    [/\ballow (?:users|customers|people|visitors)\b/i, 2],
    [/\b(?:improve|enhance|upgrade|refactor|redesign|update)\w*\b/i, 1],
  ],
  deployment: [
    [/\b(?:deploy\w*|hosting|host (?:it|my|the|on)|go(?:ing)? live|production)\b/i, 3],
    [/\b(?:domain|dns|ssl|https|certificate)\b/i, 2],
    [/\b(?:ci\/cd|pipeline|github actions|devops|vps|server setup)\b/i, 2],
    [/\b(?:docker\w*|kubernetes|k8s|scal(?:e|ing)|migrat\w* (?:to|from))\b/i, 2],
    [/\b(?:env(?:ironment)? var\w*|secrets)\b/i, 1],
  ],
  integration: [
    [/\b(?:integrat\w*|connect\w*|hook (?:it )?up|sync\w*)\b/i, 3],
    [/\b(?:webhooks?|api keys?|oauth|third[- ]party|payment gateway)\b/i, 2],
    [/\b(?:payments?|checkout)\b/i, 1],
    [/\b(?:import|export)\w* (?:data|from|to)\b/i, 1],
  ],
};

/** When two types score the same, the earlier one wins: a broken thing is fixed before it is extended. */
const PRIORITY: readonly Scored[] = ['bug-fix', 'integration', 'deployment', 'new-feature', 'new-app'];

/** A type needs at least this score; a single weak word ("idea", "update") leaves the request as 'other'. */
const MIN_SCORE = 2;

/**
 * Classifies a request from the person's text with the keyword table above. Each named third-party
 * service or AI vendor in the stack adds 1 to 'integration' (at most 2). Returns 'other' when no type
 * reaches a score of 2.
 */
export function classifyRequest(text: string, stack: readonly StackItem[]): RequestType {
  const services = stack.filter((s) => s.kind === 'service' || s.kind === 'ai').length;
  let best: RequestType = 'other';
  let bestScore = MIN_SCORE - 1;
  for (const type of PRIORITY) {
    let score = KEYWORDS[type].reduce((sum, [pattern, weight]) => sum + (pattern.test(text) ? weight : 0), 0);
    if (type === 'integration') score += Math.min(services, 2);
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  return best;
}

/** Human label of a request type, used in questions, proposals and the brief. */
export const REQUEST_TYPE_LABEL: Readonly<Record<RequestType, string>> = {
  'bug-fix': 'bug fix',
  'new-feature': 'new feature',
  'new-app': 'new app / MVP',
  deployment: 'deployment / DevOps job',
  integration: 'integration',
  other: 'request',
};

/** The request in a few words for questions, proposals and the brief: "a bug fix on Next.js and Vercel". */
export function describeRequest(type: RequestType, stack: readonly StackItem[]): string {
  const on = stack.length > 0 ? ` on ${joinAnd(stack.map((s) => s.name))}` : '';
  return `${type === 'other' ? 'your request' : withArticle(REQUEST_TYPE_LABEL[type])}${on}`;
}
