import { MOVE_CONTEXT } from './classify-request.ts';
import type { IntakeFacts } from './types.ts';
import { workKindOf } from './work-kinds.ts';
import { capitalize, joinAnd, sentences, toStatement, truncate, withArticle } from './text.ts';

/** A title's length (docs/product.md "agent-1": at most 80 characters). */
const TITLE_MAX = 80;

/** Things people ask about, as the noun that ends the object phrase ("Supabase edge function"). */
const OBJECT_NOUN =
  /\b(?:internal tool|admin panel|edge functions?|service workers?|functions?|web app|mobile app|web server|help center|landing page|marketing site|checkout|components|service|microservices?|saas|marketplace|game|app|apps|application|website|site|blog|store|shop|dashboard|bot|chatbot|scraper|report|reports|macro|backend|api|monorepo|server|extension|pipeline|deploy|build|database|forms?|account|portal|tool|platform|plugin|theme|zaps?|queries|workflows?|integration|auth code|code)\b/i;
const DETERMINER = /^(?:our|my|the|a|an|their|your|this|that|we|i|its|existing|current|new|whole|entire)$/i;

/** Symptoms of a bug, as the noun phrase a title uses. */
const SYMPTOMS: readonly (readonly [RegExp, string])[] = [
  [/\bcrash\w* on (?:launch|start\w*|open\w*)/i, 'crash on launch'],
  [/\b(?:leaks? memory|memory leaks?|leaking memory)\b/i, 'memory leak'],
  [/\b(?:oom\w*|out of memory|exit code 137)\b/i, 'out-of-memory failures'],
  [/\b(?:times? out|timing out|timeouts?)\b/i, 'timeouts'],
  [/\b(?:blank (?:page|screen)|white screen)\b/i, 'blank page'],
  [
    /\bdouble[- ](?:charg|bill)\w*|\b(?:charg|bill)\w*\s+(?:\w+\s+){0,3}?(?:twice|two times|more than once|multiple times)/i,
    'double charges',
  ],
  [/\bduplicat\w+|\bdouble[- ]\w+|\b(?:twice|two times|more than once|multiple times)\b(?!\s+(?:a|an|per|every|each)\b)/i, 'duplicates'],
  [/\b(?:shows?|showing|sees?|seeing)\s+(?:other|another|someone else['’]?s)\b/i, 'data shown to the wrong people'],
  [/\b(?:stopped|not|no longer|doesn['’]?t|don['’]?t|won['’]?t|isn['’]?t|aren['’]?t)\s+(?:\w+\s+)?sync\w*/i, 'sync failures'],
  [
    /\b(?:never|not|no longer|don['’]?t|doesn['’]?t|aren['’]?t|isn['’]?t)\s+(?:\w+\s+)?(?:arriv|reach|receiv|deliver)\w*/i,
    'lost deliveries',
  ],
  [/\bstale\b/i, 'stale results'],
  [/\b(?:is down|went down|goes down|outage)\b/i, 'outage'],
  [/\bcrash\w*/i, 'crashes'],
  [/\b(?:dying|dies|restart\w*)\b/i, 'unexpected restarts'],
  [/\b(?:returns?|returning) 5\d\d\b/i, 'server errors'],
  [/\b(?:fails?|failing|failed|failures?|breaks|broken)\b/i, 'failures'],
  [/\berrors?\b/i, 'errors'],
];

/**
 * The thing the request is about, in a few words: the noun the person names ("checkout", "edge
 * function", "app") with the names right before it ("Magento 2 checkout", "Supabase edge function"),
 * without possessives or determiners; else the first technologies of the stack; else "the project".
 */
export function objectPhrase(facts: IntakeFacts): string {
  const first = sentences(facts.request)[0] ?? facts.request;
  // The first noun that is not a possessive: in "my Lovable app's edge function" the object is the function.
  const match = [...first.matchAll(new RegExp(OBJECT_NOUN.source, 'gi'))].find((m) => !/^['’]s\b/.test(first.slice(m.index + m[0].length)));
  if (match) {
    const words = first.slice(0, match.index).trim().split(/\s+/).filter(Boolean);
    const kept: string[] = [];
    for (const word of words.reverse()) {
      const clean = word.replace(/[,;:]+$/, '');
      // Names, versions and marks belong to the object ("Vue 2", ".NET 8"); lower-case words and possessives do not.
      if (kept.length >= 4 || DETERMINER.test(clean) || /['’]s$/.test(clean) || !/\p{Lu}|[\d.#+]/u.test(clean)) break;
      kept.unshift(clean);
    }
    // Acronyms keep their capitals ("API", "SaaS"); a capital only from opening a sentence goes.
    const noun = /.\p{Lu}/u.test(match[0]) ? match[0] : match[0].toLowerCase();
    if (kept.some((w) => facts.aiTools.includes(w))) kept.splice(0, kept.length);
    return [...kept, noun].join(' ');
  }
  const named = facts.stack.filter((t) => !t.implied).map((t) => t.name);
  return named.length > 0 ? `the ${named.slice(0, 2).join(' and ')} project` : 'the project';
}

/** "the Supabase edge function": the object with its article. */
export function the(object: string): string {
  return /^the /i.test(object) ? object : `the ${object}`;
}

function symptomOf(text: string): string {
  const quoted = /(?<![\p{L}])['"“‘]([^'"”’\n]{4,40})['"”’](?![\p{L}])/u.exec(text)?.[1];
  if (quoted && !/\s{2}/.test(quoted)) return `“${quoted.trim()}”`;
  return SYMPTOMS.find(([pattern]) => pattern.test(text))?.[1] ?? 'the bug';
}

const GERUND: Readonly<Record<string, string>> = {
  moved: 'moving',
  switched: 'switching',
  migrated: 'migrating',
  upgraded: 'upgrading',
  ported: 'porting',
};

/** "after we moved from Heroku to Render" → "after moving from Heroku to Render"; null without a move before the trouble. */
export function moveContext(text: string): string | null {
  const found =
    /\b(?:after|since|when)\s+(?:we\s+|i\s+|they\s+)?(moved|moving|switched|switching|migrated|migrating|upgraded|upgrading|ported|porting)\s+([^.;,!?\n]+)/i.exec(
      text,
    ) ?? /\b(?:we|i)\s+(moved|switched|migrated)\s+([^.;!?\n]*?),?\s+(?:and|but|so)\s+now\b/i.exec(text);
  if (!found?.[1] || !found[2]) return null;
  const verb = found[1].toLowerCase();
  return `after ${GERUND[verb] ?? verb} ${found[2].trim()}`;
}

/**
 * The symptom in the person's words, from the clause that names the most telling one ("the reset link
 * opens a blank page" before "users can't reset their password"), without the move around it and
 * without the possessive subject ("Our Django app's password reset emails stopped arriving" →
 * "password reset emails stopped arriving"). Null when no clause names a symptom.
 */
function symptomClause(text: string): string | null {
  const clauses = (sentences(text)[0] ?? text)
    .replace(MOVE_CONTEXT, '|')
    .split(/[;|]|,\s*|\s+(?:and|but|so)\s+now\s+/i)
    .map((c) => c.trim())
    .filter((c) => c.split(/\s+/).length >= 3);
  const rank = (clause: string) => {
    const index = SYMPTOMS.findIndex(([pattern]) => pattern.test(clause));
    return index < 0 ? (/\b(?:missing|can['’]?t|cannot|won['’]?t|stopped)\b/i.test(clause) ? SYMPTOMS.length : Infinity) : index;
  };
  const best = [...clauses].sort((a, b) => rank(a) - rank(b))[0];
  if (!best || rank(best) === Infinity) return null;
  return best
    .replace(/^(?:and|but|so|now|then)\s+/i, '')
    .replace(/^(?:our|my|the|their|your)\s+/i, '')
    .replace(/^(?:[\w.]+\s+){0,2}?[\w.]+['’]s\s+/, '')
    .replace(/^(?:the)\s+/i, '')
    .replace(/\b(?:is|are|was|were)\s+(?=missing|broken|gone|empty|down|blank)/i, '')
    .replace(/[.!]+$/, '');
}

/**
 * "Vue 2 to Vue 3", "Angular 12 components to Angular 17", "Rails 6→7", "PHP 7.4 shop ... on PHP 8.3":
 * the name and both versions (major.minor as a number).
 */
export function versionJump(text: string): { name: string; from: number; to: number } | null {
  const jump =
    /\b([A-Z][\w.]*)\s?(\d+(?:\.\d+)?)\b[^.!?\n]{0,40}?(?:→|->|\bto)\s*(?:\1\s?)?(\d+(?:\.\d+)?)\b/.exec(text) ??
    /\b([A-Z][\w.]*)\s?(\d+(?:\.\d+)?)\b[^\n]{0,80}?\b\1\s?(\d+(?:\.\d+)?)\b/.exec(text);
  return jump ? { name: jump[1] ?? '', from: Number(jump[2]), to: Number(jump[3]) } : null;
}

/** The feature asked for: "add Google login to ..." → "Google login"; "app needs role-based access using ..." → "role-based access". */
function featurePhrase(text: string): string | null {
  const phrase =
    /\b(?:add|adding|implement|introduce|enable)\s+(?:a |an |the )?(.{3,50}?)\s+(?:to|in|into|for|on)\s/i.exec(text)?.[1] ??
    /\bneeds?\s+(?:a |an |the )?(.{3,50}?)(?:\s+(?:using|with|for|so|to|based on|via|through)\b|[.,;]|$)/i.exec(text)?.[1];
  return phrase && phrase.split(/\s+/).length <= 6 ? phrase : null;
}

/** The named (not implied) technologies of the stack, for titles: at most `max`. */
function named(facts: IntakeFacts, max: number): string[] {
  return facts.stack
    .filter((t) => !t.implied && t.kind !== 'ai-model')
    .map((t) => t.name)
    .slice(0, max);
}

/**
 * The first candidate that fits a title's 80 characters in full, else the last one (cut later): a title
 * that names the symptom whole reads better than one that keeps every detail and loses its end.
 */
function fitting(candidates: readonly string[]): string {
  return candidates.find((c) => capitalize(toStatement(c)).length <= TITLE_MAX) ?? candidates[candidates.length - 1]!;
}

/** The symptom without where the app runs ("Next.js app on Vercel returns 500" → "Next.js app returns 500"). */
function withoutPlace(symptom: string): string {
  return symptom.replace(/^((?:[\w.]+\s+){0,3}?(?:app|site|api|backend|frontend|service|project))\s+(?:on|in|at)\s+[A-Z][\w.]*\s+/i, '$1 ');
}

/**
 * A short title in the agent's own words (at most 80 characters), built from what it understood:
 * the type of work, the object and the stack ("Fix timeouts in Supabase edge function", "Upgrade Vue 2
 * to Vue 3", "Connect Webflow forms to Salesforce"). Never the person's first sentence cut short.
 */
export function titleFor(facts: IntakeFacts): string {
  const object = objectPhrase(facts);
  const text = facts.request;
  const [a, b] = named(facts, 2);
  const title = ((): string => {
    switch (facts.type) {
      case 'bug_fix': {
        // Trouble that began with a move is named by its symptom and that context, not as a migration.
        const context = moveContext(text);
        const symptom = context ? symptomClause(text) : null;
        if (context && symptom) return fitting([`${symptom} ${context}`, `${withoutPlace(symptom)} ${context}`, symptom]);
        return `Fix ${symptomOf(text)} in ${the(object)}`;
      }
      case 'performance':
        return `Speed up ${the(object)}`;
      case 'upgrade_migration': {
        const jump = versionJump(text);
        if (jump && jump.to > jump.from) return `Upgrade ${jump.name} ${jump.from} to ${jump.name} ${jump.to}`;
        return a && b ? `Migrate from ${a} to ${b}` : `Upgrade ${object}`;
      }
      case 'security_review':
        return `Security review of ${the(object)}`;
      case 'infrastructure': {
        const kind = workKindOf(facts);
        if (kind) return `${capitalize(kind.label)} for ${the(object)}`;
        return `Infrastructure for ${a ? named(facts, 3).join(', ') : object}`;
      }
      case 'testing':
        return `Automated tests for ${the(object)}`;
      case 'automation':
        return `Automation: ${object}${a ? ` with ${named(facts, 2).join(' and ')}` : ''}`;
      case 'integration': {
        const kind = workKindOf(facts);
        if (kind?.inTitle && a) return `${capitalize(kind.label)}: ${joinAnd(named(facts, 3))}`;
        return a && b ? `Connect ${a} and ${b}` : `Integration for ${object}`;
      }
      case 'feature': {
        const feature = featurePhrase(text);
        return feature ? `Add ${feature} to ${the(object)}` : `New feature for ${the(object)}`;
      }
      case 'new_build':
        // "build me something like Uber": no noun names the thing, the person's words do.
        if (/^(?:build|deploy)$/i.test(object) && facts.goal) return facts.goal.text;
        return `Build ${/^the /.test(object) ? object : withArticle(object)}`;
      case 'unclear':
        return 'Request to clarify with an expert';
    }
  })();
  return truncate(capitalize(toStatement(title)), TITLE_MAX);
}
