import type { RequestType } from '@unstuck/contract';
import type { Technology } from '../technologies/types.ts';
import { technologyCatalogue } from '../technologies/catalogue.ts';
import { meaningfulWords } from './text.ts';
import { versionJump } from './title.ts';

type Scored = Exclude<RequestType, 'unclear'>;

/**
 * The keyword table: each pattern found in the request adds its weight to its type. Phrases that
 * settle the type ("upgrade ... to", "unit tests", "every night") weigh more than words several types
 * share ("fix", "connect", "deploy"); a symptom ("crashes", "returns 500", "blank page") makes a bug fix.
 */
const KEYWORDS: Readonly<Record<Scored, readonly (readonly [RegExp, number])[]>> = {
  bug_fix: [
    [/\b(?:bugs?|buggy|broken|breaks|broke|crash\w*|freez\w*|hangs|regression|glitch\w*)\b/i, 4],
    [/\b(?:not working|doesn'?t work|does not work|stopped working|won'?t (?:load|start|build|compile|work|open|deploy))\b/i, 4],
    [
      /\b(?:returns?|returning|throws?|throwing|gets?|getting|shows?|showing)\s+(?:an?\s+)?(?:['"“]|[45]\d\d\b|errors?\b|exceptions?\b)/i,
      4,
    ],
    [
      /\b(?:blank (?:page|screen)|white screen|times? out|timing out|timeouts?|stale|duplicat\w+|leak\w*|oom\w*|exit code|keeps? (?:failing|crashing|creating|restarting|logging|sending)|restart\w* every|dying|dies|is down|went down|goes down|outage|wrong results?)\b/i,
      4,
    ],
    [/\b(?:errors?|exceptions?|traceback|stack ?trace|warnings?)\b/i, 2],
    [/\b\w+(?:Error|Exception)\b|\bE[A-Z]{3,}\b/, 3],
    [/\b(?:fails?|failing|failed|failure)\b/i, 3],
    [/\b(?:fix\w*|debug\w*|troubleshoot\w*)\b/i, 2],
    [
      /\b(?:since (?:the |our |my |last |yesterday|monday|tuesday|wednesday|thursday|friday|\w+'s )?(?:update|upgrade|release|deploy\w*|migration|change)?|only on|works (?:fine )?(?:locally|on)|builds fine)\b/i,
      2,
    ],
    [/\b(?:issue|problem|wrong|undefined|null)\b/i, 1],
    // Something done twice or not at all: "double-charges", "sends every invoice twice", "emails never arrive".
    [
      /\bdouble[- ](?:charg|bill|book|post|sen[dt]|submit|count|creat)\w*|\b(?:twice|two times|multiple times|more than once)\b(?!\s+(?:a|an|per|every|each)\b)/i,
      4,
    ],
    [
      /\b(?:no longer|never|not|isn['’]?t|aren['’]?t|doesn['’]?t|don['’]?t|didn['’]?t|won['’]?t|can['’]?t|cannot|stopped|fails? to)\s+(?:\w+\s+)?(?:work|load|send|sav|show|display|updat|sync|fir(?:e|es|ed|ing)\b|trigger|arriv|receiv|render|open|connect|redirect|charg|process|appear|reach|publish|deliver|import|export|respond|start|compil|build|deploy|writ|record|post|creat|add|copy|count|calculat|match|refresh|renew|log(?:s|ged|ging)? ?in|sign(?:s|ed|ing)? ?in)\w*|\bstopped\s+\w+ing\b/i,
      4,
    ],
    [
      /\b(?:nobody|no one|users?|customers?|people|members?|i|we)\s+(?:can(?:['’]?t|not)?|could(?:n['’]?t)?)\s+(?:see|access|open|find|use|log|sign|pay|check ?out)\b/i,
      4,
    ],
    [/\b(?:shows?|showing|sees?|seeing)\s+(?:other|another|someone else['’]?s|the wrong|wrong|the old|old|outdated|stale)\b/i, 4],
    [/\b(?:loops?|looping|redirect loop|stuck|hangs? on)\b/i, 3],
    [/\bkeeps?\s+\w+ing\b/i, 2],
    [/\b(?:is|are|went|goes|go|were|was)\s+missing\b|\bdisappear\w*|\bvanish\w*/i, 4],
    // "after upgrading", "since the update": a symptom that follows a change is still a bug.
    [/\b(?:after|since)\s+(?:\w+\s+){0,2}?(?:upgrad\w*|updat\w*|migrat\w*|deploy\w*|releas\w*)\b/i, 3],
  ],
  performance: [
    [/\b(?:faster|speed (?:it )?up|slow(?:er|ness|ly)?|sluggish|latency|load(?:ing)? time|performance|optimi[sz]\w+|bottleneck)\b/i, 4],
    [/\btakes? (?:about |around |over |more than )?\d+(?:\.\d+)? ?(?:s|sec\w*|seconds?|minutes?|mins?)\b/i, 3],
    [/\b(?:drains? (?:the )?battery|battery (?:drain|usage|life)|cpu usage|memory usage|too much (?:memory|cpu|data))\b/i, 4],
    [/\b(?:under (?:heavy )?load|scal(?:e|ing) (?:to|up)|high traffic|requests? per second|rps)\b/i, 1],
  ],
  upgrade_migration: [
    [/\b(?:upgrad\w+|migrat\w+|port(?:ing)? (?:it |our |my )?(?:to|from)|re-?platform\w*)\b/i, 5],
    [
      /\b(?:move|moving|switch(?:ing)?|transfer\w*|convert\w*)\b[^.!?\n]{0,60}\b(?:from\b[^.!?\n]{1,40}\bto|to)\s+(?:\w+\s+)?\d+(?:\.\d+)?\b/i,
      5,
    ],
    [/\b(?:move|moving|switch(?:ing)?|transfer\w*)\b[^.!?\n]{0,50}\bfrom\b[^.!?\n]{1,40}\bto\b/i, 5],
    // "our Firebase app moved to Supabase": a move onto another named technology.
    [
      /\b(?:[Mm]ov(?:e|ed|ing)|[Ss]witch(?:ed|ing)?|[Tt]ransferr?(?:ed|ing)?|[Pp]ort(?:ed|ing))\b[^.!?\n]{0,50}?\b(?:to|onto)\s+[A-Z][\w.]+/,
      5,
    ],
    [/\b([A-Z][\w.]*)\s?\d+(?:\.\d+)?\b[^.!?\n]{0,40}?(?:→|->|\bto)\s*(?:\1\s?)?\d+(?:\.\d+)?\b/, 3],
    [
      /\b(?:replace|replacing)\b[^.!?\n]{0,40}\bwith\b|\bwhich we'?d like to replace\b|\bdeprecated\b|\bend of life\b|\blegacy\b|\bdrops? (?:support for )?\w*\s?\d/i,
      2,
    ],
    [/\b(?:runn?ing|run)\s+on\s+[A-Z][\w.]*\s?\d+(?:\.\d+)?\b/, 3],
  ],
  security_review: [
    // "Row level security" names a database feature, not a request for a review.
    [
      /(?<!row[- ]level )\b(?:security|secure|vulnerab\w+|pen(?:etration)? ?test\w*|owasp|hardening|xss|csrf|sql injection|exploit\w*|breach\w*)\b/i,
      5,
    ],
    [/\b(?:audit|review)\b[^.!?\n]{0,40}\b(?:code|auth\w*|app|backend|api|setup|permissions?)\b/i, 3],
    [
      /\b(?:expos\w+|leak\w*|hardcoded|hard-coded|public(?:ly)?)\b[^.!?\n]{0,30}\b(?:keys?|secrets?|credentials?|tokens?|passwords?)\b|\b(?:keys?|secrets?|credentials?|passwords?)\b[^.!?\n]{0,30}\b(?:exposed|visible|hard-?coded|public|in the (?:browser|front ?end|frontend|client|repo|code)|client-side)\b|\bwithout exposing\b/i,
      5,
    ],
  ],
  infrastructure: [
    [
      /\b(?:terraform|infrastructure|iac|vpc|kubernetes cluster|load balancer|ci\/cd|cicd|devops|server setup|monitoring|alerting|backups?|dockeri[sz]\w*|containeri[sz]\w*)\b/i,
      4,
    ],
    // Domains, DNS and e-mail records; publishing an app to the stores.
    [
      /\b(?:custom domains?|domain names?|domains?(?![\w-]|\s+(?:driven|knowledge|experts?|models?|logic|layers?|events?))|dns|nameservers?|a records?|cname|mx records?|spf|dkim|dmarc|ssl certificates?)\b/i,
      5,
    ],
    [/\b(?:connect|point|link|move|transfer|set ?up|add|configure|use)\w*\s+(?:\w+\s+){0,3}?domains?\b/i, 3],
    [
      /\b(?:publish\w*|submit\w*|releas\w*|get (?:it|the app|our app|my app) (?:on|into))\b[^.!?\n]{0,40}\b(?:app store|play store|google play|testflight)\b/i,
      5,
    ],
    [
      /\b(?:set ?up|setting up|configure|provision\w*)\b[^.!?\n]{0,40}\b(?:aws|gcp|azure|server|servers|hosting|pipeline|cluster|environments?|dns|ssl|domain|ci|cloud|account)\b/i,
      4,
    ],
    [/\b(?:staging and production|production and staging|environments?)\b/i, 2],
    [/\b(?:deploy\w*|hosting|host (?:it|my|our|the)|go(?:ing)? live|dockeri[sz]\w*|containeri[sz]\w*)\b/i, 2],
    [/\b(?:domain|dns|ssl|https|certificates?)\b/i, 1],
  ],
  testing: [
    [
      /\b(?:unit|integration|e2e|end-to-end|regression|automated|load|smoke) tests?\b|\btest (?:coverage|suite|cases?|plan)\b|\bcoverage\b/i,
      6,
    ],
    [/\b(?:write|add|writing|adding)\s+(?:some\s+|more\s+)?tests\b|\bqa\b|\bquality assurance\b/i, 5],
  ],
  automation: [
    [/\b(?:scrap(?:e|er|ers|ing)|crawl\w*|etl|cron(?: ?jobs?)?|automat(?:e|es|ed|ing|ion|ically))\b/i, 5],
    // "a script that merges...", "a scenario that creates a card for every new response".
    [/\b(?:script|macro|scenario|zap|workflow)\s+(?:that|to|which)\b|\bfor (?:every|each) new\b|\bwhenever\b|\bevery time\b/i, 3],
    [/\b(?:every (?:night|morning|evening|day|hour|week|minute|monday|month)|nightly|daily|hourly|weekly|on a schedule|scheduled)\b/i, 3],
    [/\b(?:without manual work|by hand|manually|copy(?:ing)? and past\w+)\b/i, 2],
    [
      /\b(?:loads?|imports?|pulls?|pushes?)\b[^.!?\n]{0,40}\b(?:into|to)\b[^.!?\n]{0,20}\b(?:database|db|sheet|spreadsheet|postgres\w*|mysql|crm)\b/i,
      2,
    ],
  ],
  integration: [
    [/\b(?:integrat\w+|connect\w*|hook\w* (?:\w+ )*?up|sync\w*|link\w* (?:to|with)|pipe\w* (?:to|into))\b/i, 4],
    // Data moved from one system into another: "pipe HubSpot deals into BigQuery", "HubSpot → BigQuery → Looker".
    [
      /\b(?:data pipelines?|pipelines? (?:from|between)|etl|elt|data warehouse)\b|\b(?:pipe|push|send|stream|load|replicate|export)\w*\b[^.!?\n]{1,40}\b(?:into|to)\b|\S\s*(?:→|->|=>)\s*\S/i,
      3,
    ],
    [/\b(?:webhooks?|api keys?|third[- ]party|payment gateway|zapier|make\.com)\b/i, 2],
    [/\b(?:flows?|subscriptions?|campaigns?|leads?|contacts?)\b/i, 1],
  ],
  feature: [
    [/\b(?:add|adding|implement\w*|introduce|enable)\b/i, 4],
    [/\b(?:added|integrated|built|put|implemented)\s+(?:in)?to\s+(?:our|my|the|an?)\s+(?:existing\s+)?[\w.+#-]+/i, 4],
    [
      /\b(?:existing|current|live)\s+(?:[\w.+#-]+\s+){0,3}?(?:app|site|website|store|platform|product|project|codebase|web app|extension)\b/i,
      3,
    ],
    [
      /\b(?:app|site|website|store|platform|product|dashboard)\s+needs?\b|\bneeds? (?:a |an )?(?:new |role-based |dark |multi-?)?[\w-]+ (?:access|mode|support|page|feature|login|search|export|import)\b/i,
      4,
    ],
    [
      /\b(?:new (?:page|screen|section|endpoint|button|form|functionality|feature)|features?|role-based|permissions?|dark mode|multi-?language|i18n|export|search)\b/i,
      2,
    ],
    [/\ballow (?:users|customers|people|visitors|members)\b/i, 2],
    [/\b(?:sso|single sign-on|(?:sign|log)[- ]?in with|2fa|two-factor|mfa)\b/i, 4],
  ],
  new_build: [
    [/\b(?:mvp|from scratch|prototype|greenfield|landing page)\b/i, 5],
    [
      /\b(?:build|create|make|develop|launch|start|design|need|want|looking for)\w*\s+(?:me\s+|us\s+)?(?:an?|my|our|the)\s+(?:new\s+|simple\s+|small\s+|internal\s+|custom\s+)?(?:[\w.+#-]+\s+){0,4}?(?:app|application|website|site|platform|saas|marketplace|store|shop|game|chatbot|bot|extension|tool|dashboard|portal|api|backend|crm|plugin)\b/i,
      5,
    ],
    [/\bturn\b[^.!?\n]{0,40}\b(?:mockups?|designs?|figma|sketch|wireframes?|prototype)\b[^.!?\n]{0,20}\binto\b/i, 5],
    [
      /\b(?:turn\w*|convert\w*|made|make)\b[^.!?\n]{0,50}\binto\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}(?:app|web app|website|site|tool|portal|dashboard)\b/i,
      5,
    ],
    [/\bnew (?:app|application|website|site|platform|product|project)\b/i, 3],
    // "build me something like Uber": a product described by another one.
    [/\b(?:build|create|make|develop)\w*\s+(?:me\s+|us\s+)?(?:something|a clone|an? [\w-]+ clone)\b/i, 5],
    [/\b(?:saas|startup|marketplace|idea)\b/i, 1],
  ],
};

/** The verb a request opens with ("Upgrade our ...", "Add ...") settles much: it adds this weight to its type. */
const OPENING_VERBS: Readonly<Record<Scored, RegExp>> = {
  bug_fix: /^(?:fix|debug|repair|troubleshoot)\b/i,
  performance: /^(?:speed up|optimi[sz]e|make\b[^.!?\n]{0,40}\bfaster)\b/i,
  upgrade_migration: /^(?:upgrade|migrate|port|move|convert)\b/i,
  security_review: /^(?:audit|review|secure|pen-?test)\b/i,
  infrastructure: /^(?:set up|setup|deploy|provision|configure|host|dockeri[sz]e|containeri[sz]e|publish)\b/i,
  testing: /^(?:write|add)\s+(?:\w+\s+)?tests\b|^test\b/i,
  automation: /^(?:automate|scrape)\b/i,
  integration: /^(?:connect|integrate|hook|sync|link)\b/i,
  feature: /^(?:add|implement|extend|enable)\b/i,
  new_build: /^(?:build|create|develop|design|make)\s+(?:me\s+|us\s+)?(?:an?|my|our)\b|^turn\b/i,
};

/** Strips what people put before the verb: "Hi!", "please", "can you", "I need someone to". */
function opening(text: string): string {
  return text
    .trim()
    .replace(/^(?:(?:hi|hello|hey)\b[\s,!.]*)?/i, '')
    .replace(
      /^(?:please\s+|(?:can|could|would) (?:you|someone|somebody)\s+(?:please\s+)?|i (?:need|want) (?:you|someone|somebody) to\s+)*/i,
      '',
    );
}

/** When two types score the same, the earlier one wins: a broken thing is fixed before it is extended. */
const PRIORITY: readonly Scored[] = [
  'bug_fix',
  'security_review',
  'upgrade_migration',
  'performance',
  'testing',
  'automation',
  'integration',
  'infrastructure',
  'feature',
  'new_build',
];

/** A type needs at least this score; a single weak word ("idea", "problem") leaves the request unclear. */
const MIN_SCORE = 3;

/** Words that say only that something is wrong or wanted, not what: "my site is down" says neither where nor what. */
const VAGUE = new Set('site website app application page thing stuff help down broken problem issue urgent please asap'.split(' '));

/** How the project came about ("I used Cursor to build", "built it with Bolt"): history, not the request. */
const HISTORY =
  /\b(?:i|we)\s+(?:used|had|asked)\s+[\w.]+\s+to\s+(?:build|make|create|write|generate|code)\b|\b(?:built|made|created|generated|written|coded)\s+(?:it\s+|this\s+)?(?:with|using|in|by)\s+[\w.]+/gi;

/** "Lovable built my landing page and ...": a product named as the one who built it, up to the next clause. */
const HISTORY_BY_TOOL =
  /\b(?:[A-Z][\w.]*|v0)\s+(?:built|made|created|generated|wrote|coded)\s+(?:me\s+|us\s+)?(?:my|our|the|a|an)\b[^,.;!?\n]{0,40}?(?=\s+(?:and|but|so)\b|[,.;!?\n]|$)/g;

/**
 * A move named as the moment trouble began ("after we moved from Heroku to Render", "we switched to
 * Vercel and now ..."): the context of a symptom, not the job.
 */
export const MOVE_CONTEXT =
  /\b(?:after|since|when)\s+(?:we\s+|i\s+|they\s+)?(?:moved|moving|switched|switching|migrated|migrating|upgraded|upgrading|ported|porting)\b[^.;,!?\n]*|\b(?:we|i)\s+(?:moved|switched|migrated)\b[^.;!?\n]*?(?=,?\s+(?:and|but|so)\s+now\b)/gi;

function scores(request: string): Map<Scored, number> {
  const told = request.replace(HISTORY, ' ').replace(HISTORY_BY_TOOL, ' ');
  // Platform names in a move that came before a symptom are where the trouble began, not the request.
  const withoutMove = told.replace(MOVE_CONTEXT, ' ');
  const symptom = withoutMove !== told && KEYWORDS.bug_fix.some(([pattern, weight]) => weight >= 4 && pattern.test(withoutMove));
  const text = symptom ? withoutMove : told;
  const start = opening(text);
  const byType = new Map(
    PRIORITY.map((type) => [
      type,
      KEYWORDS[type].reduce((sum, [pattern, weight]) => sum + (pattern.test(text) ? weight : 0), 0) +
        (OPENING_VERBS[type].test(start) ? 3 : 0),
    ]),
  );
  // "PHP 7.4 ... on PHP 8.3": a move to a later version of the same technology.
  const jump = versionJump(text);
  if (jump && jump.to > jump.from) byType.set('upgrade_migration', (byType.get('upgrade_migration') ?? 0) + 3);
  if (symptom) byType.set('bug_fix', (byType.get('bug_fix') ?? 0) + 3);
  return byType;
}

/**
 * Classifies a request (the kinds of work of docs/product.md "agent-1") from the person's words and the technologies named
 * in them, with the keyword table above and the verb the request opens with: the best-scoring type
 * with at least `MIN_SCORE`, ties broken by `PRIORITY`. Named no-code platforms and services tilt a
 * "connect" towards an integration, unless the request reports something broken; a data warehouse, a
 * data-loading tool or dashboards in a BI tool make one too. It is
 * `unclear` when nothing scores, or when a report of trouble names no technology, no error and
 * nothing specific ("Help, my site is down!!").
 */
export function classifyRequest(text: string, stack: readonly Technology[]): RequestType {
  const byType = scores(text);
  const services = stack.filter((t) => t.kind === 'service' || t.kind === 'no-code' || t.kind === 'ai-model').length;
  // Two services tilt an ambiguous request towards an integration, but not a report of a broken one;
  // a data warehouse or a data-loading tool makes moving data the request (a data pipeline).
  if (services >= 2 && (byType.get('bug_fix') ?? 0) < MIN_SCORE) byType.set('integration', (byType.get('integration') ?? 0) + 1);
  const { byName } = technologyCatalogue();
  const roles = new Set(stack.flatMap((t) => byName.get(t.name)?.roles ?? []));
  if (roles.has('warehouse') || roles.has('etl')) byType.set('integration', (byType.get('integration') ?? 0) + 4);
  // Dashboards in a BI tool over data that exists: the tool joined to the data.
  else if (roles.has('analytics') && /\b(?:dashboards?|reports?|charts?)\b/i.test(text)) {
    byType.set('integration', (byType.get('integration') ?? 0) + 3);
  }
  let best: Scored | null = null;
  let bestScore = MIN_SCORE - 1;
  for (const type of PRIORITY) {
    const score = byType.get(type) ?? 0;
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  if (!best) return 'unclear';
  const specific = meaningfulWords(text).filter((w) => !VAGUE.has(w));
  if (best === 'bug_fix' && stack.length === 0 && specific.length <= 1 && !/['"“`]/.test(text)) return 'unclear';
  return best;
}

/** Human label of a request type, used in questions, proposals and the brief. */
export const REQUEST_TYPE_LABEL: Readonly<Record<RequestType, string>> = {
  bug_fix: 'bug fix',
  new_build: 'new build',
  feature: 'new feature',
  integration: 'integration',
  upgrade_migration: 'upgrade or migration',
  performance: 'performance job',
  security_review: 'security review',
  infrastructure: 'infrastructure job',
  testing: 'testing job',
  automation: 'automation',
  unclear: 'request',
};
