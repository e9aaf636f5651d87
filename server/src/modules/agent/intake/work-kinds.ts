import type { RequestType } from '@unstuck/contract';
import { technologyCatalogue } from '../technologies/catalogue.ts';
import type { Technology, TechRole } from '../technologies/types.ts';
import type { IntakeFacts } from './types.ts';

/**
 * A kind of job whose size experienced engineers know well, narrower than its request type: pointing
 * a domain at an app is an hour or two of infrastructure, a data pipeline days of integration.
 */
export interface WorkKind {
  /** In a few words, for titles and the LLM's facts ("domain and DNS set-up"). */
  label: string;
  /** Typical hours before counted items and factors. */
  base: readonly [number, number];
  /** Hours each further piece of it adds (one more data source, one more bot command). */
  perItem: readonly [number, number];
  /** How many further pieces the request names. */
  items: number;
  /** Hours per thing the person counted ("three questions", "20 tables"): small for jobs that handle many alike. */
  perCounted: readonly [number, number];
  /** Whether the volume of data (rows, users) makes it bigger: it does for moving data, not for a domain or a query. */
  volume: boolean;
  /** Hard bounds of any estimate of it. */
  min: number;
  max: number;
  /** What an expert asks first about this kind of job, when the type's question fits it badly (questions.ts). */
  question?: string;
  /** Whether a title names the job by its label ("Data pipeline: HubSpot, BigQuery and Looker"). */
  inTitle: boolean;
}

function withRole(stack: readonly Technology[], role: TechRole): Technology[] {
  const { byName } = technologyCatalogue();
  return stack.filter((t) => byName.get(t.name)?.roles.includes(role) === true);
}

const named = (stack: readonly Technology[]) => stack.filter((t) => !t.implied);

/** Own code (a language or framework named, not only implied by a platform). */
function ownCode(stack: readonly Technology[]): boolean {
  return named(stack).some((t) => t.kind === 'language' || t.kind === 'framework');
}

/** A hosted no-code platform, or a service (Stripe, HubSpot): nothing of the person's own to run. */
function isHostedTool(tech: Technology): boolean {
  if (tech.kind === 'service' || tech.kind === 'ai-model') return true;
  return tech.kind === 'no-code' && technologyCatalogue().byName.get(tech.name)?.hosted === true;
}

/** Everything named is a hosted platform or a service, at least one named: SaaS joined to SaaS. */
function onlyServices(stack: readonly Technology[]): boolean {
  const list = named(stack);
  return list.length > 0 && list.every(isHostedTool);
}

/**
 * The project is built on a hosted no-code builder (Bubble, Glide, Retool) with services around it and
 * no code of the person's own; databases it reads do not count against it.
 */
export function onNoCodeBuilder(stack: readonly Technology[]): boolean {
  const list = named(stack).filter((t) => t.kind !== 'database');
  return list.some((t) => t.kind === 'no-code') && list.every(isHostedTool) && !ownCode(stack);
}

/** Clauses that each ask for one thing: "posts our videos and gives roles" is two. */
function clauses(text: string): number {
  const first = text.split(/(?<=[.!?])\s+/)[0] ?? text;
  return first.split(/,\s*(?:and\s+)?|\s+and\s+(?=\w+s\b)|\s+plus\s+/i).length;
}

const DNS =
  /\b(?:custom domains?|domain names?|domains?(?![\w-])|dns|nameservers?|a records?|cname|mx records?|spf|dkim|dmarc|ssl certificates?|https)\b/i;
/** Words of infrastructure bigger than pointing a domain or adding a tool: a whole environment. */
const WHOLE_ENVIRONMENT =
  /\b(?:terraform|kubernetes|k8s|vpc|cluster|ci\/cd|pipeline|staging|environments|load balancer|migrat\w+|servers)\b/i;
const STORES = /\b(?:app store|play store|google play|testflight)\b/i;
const CONTAINERS = /\b(?:dockeri[sz]\w*|containeri[sz]\w*|docker(?:file)?|docker compose)\b/i;
const CI =
  /\b(?:ci|ci\/cd|github actions|gitlab ci|continuous integration|pipeline)\b[^.!?\n]{0,60}\b(?:tests?|lint\w*|builds?|deploy\w*|pull requests?|merge requests?|push)\b/i;
const MONITORING =
  /\b(?:error tracking|monitoring|alerting|alerts|uptime|logging|log aggregation|sentry|datadog|new relic|grafana|backups?)\b/i;
const TRACKING =
  /\b(?:tracking (?:code|script|pixel)s?|(?:meta|facebook|tiktok|linkedin) pixel|pixels?|google analytics|ga4|tag manager|gtm|hotjar|conversion tracking|cookie (?:banner|consent))\b/i;
const SMART_BOT = /\b(?:chatbot|chat bot|assistant|ai|gpt|llm|rag|openai|claude|gemini|answers? (?:questions|from))\b/i;
/** Bots that take bookings, orders or payments hold a conversation and state: more than a notifier. */
const TRANSACTIONAL = /\b(?:book\w*|reserv\w*|orders?|ordering|pay\w*|checkout|sell\w*|shop\w*|sign[- ]?ups?|register\w*)\b/i;
const QUERY =
  /\b(?:quer(?:y|ies)|sql|index(?:es)?|n\+1|joins?|report(?:s)? (?:takes?|is slow|are slow)|slow (?:report|page|endpoint|list))\b/i;
const SIGN_IN_PROVIDER =
  /\b(?:sign|log)[- ]?in with \w+|\bsso\b|\bsaml\b|\boauth\b|\b(?:google|apple|microsoft|github|facebook) (?:login|sign[- ]?in|auth)/i;
/** Builders of internal tools and simple apps over data people already have (Retool, Glide, AppSheet). */
const INTERNAL_TOOL = /\b(?:internal tool|admin (?:panel|tool)|back ?office|dashboard|portal|crud|look ?up)\b/i;
/** Scripts and macros: small programs whose bugs are quick to find. */
const SMALL_PROGRAM = /\b(?:script|macro|formula|snippet|cron job|one-off)\b/i;
/** How fast pages load, rather than one operation: page speed work on a site. */
const PAGE_SPEED =
  /\b(?:pages?|site|store|website|homepage)\b[^.!?\n]{0,40}\b(?:load\w*|take|takes|slow\w*)\b|\b(?:lighthouse|pagespeed|page speed|core web vitals|load(?:ing)? times?)\b/i;
/** A security review of settings rather than code: rules, policies, keys, headers. */
const SECURITY_SETTINGS =
  /\b(?:security rules|rules|polic(?:y|ies)|row level security|rls|permissions|keys?|secrets?|headers|cors|bucket)\b/i;
/** Small, well-known features: an export, a filter, a button, a notification e-mail. */
const SMALL_FEATURE =
  /\b(?:export|import|csv|pdf|download|button|field|filter\w*|sort\w*|toggle|dark mode|notification e-?mail|confirmation e-?mail|banner|pop-?up|tooltip|column|validation|captcha|favicon|redirect|contact form|size guide)\b/i;
/** Words that make a feature more than a small piece: roles, languages, payments, sync. */
const LARGE_FEATURE =
  /\b(?:roles?|permissions|multi-?(?:language|tenant|currency)|i18n|payments?|subscriptions?|sync\w*|real-?time|offline|search)\b/i;
/** A bot that answers people's questions from what the team wrote down: retrieval over documents, not a command or two. */
const ANSWERS_QUESTIONS = /\b(?:answer\w*|repl(?:y|ies|ying))\b[^.!?\n]{0,40}\b(?:questions?|from)\b/i;
const KNOWLEDGE_SOURCE =
  /\b(?:notion|confluence|docs?|documentation|wiki|knowledge ?base|faqs?|help ?cent(?:er|re)|handbook|google drive|pdfs?|manuals?)\b/i;
/** A cloud account an app is deployed to (not a platform that deploys it for you). */
const CLOUD = /\b(?:aws|amazon web services|ec2|ecs|lightsail|gcp|google cloud|azure|digitalocean|hetzner|linode|vps)\b/i;
const DEPLOYING = /\b(?:deploy\w*|host(?:ing)?|go(?:ing)? live|put (?:it|our \w+) online)\b/i;
/** Recurring billing: plans, subscriptions, renewals. */
const BILLING = /\b(?:subscriptions?|billing|recurring|plans?|renewals?)\b/i;

/** Payouts to others and marketplaces: more than taking a payment. */
const MARKETPLACE_PAYMENTS = /\b(?:payouts?|paid out|marketplace|split payments?|connect(?:ed)? accounts?|escrow|commission)\b/i;

/** One kind of job: when it applies, and what it is then. */
interface KindRule {
  types: readonly RequestType[];
  applies: (facts: IntakeFacts) => boolean;
  kind: (facts: IntakeFacts) => WorkKind;
}

/** A job sized as one small piece: its base, its bounds and its own first question. */
function small(label: string, base: readonly [number, number], bounds: readonly [number, number], question?: string): WorkKind {
  return {
    label,
    ...(question ? { question } : {}),
    base,
    perItem: [0.5, 1.5],
    items: 0,
    // Counts people give about a small job ("40 plugins", "three questions") say where to look, not how much to build.
    perCounted: [0.1, 0.4],
    volume: false,
    min: bounds[0],
    max: bounds[1],
    inTitle: false,
  };
}

/**
 * Data moved into a warehouse or through a loading tool, often on to dashboards (a data pipeline); or
 * dashboards built in a BI tool over a database or service (reporting). Null when neither.
 */
function dataKind(facts: IntakeFacts): WorkKind | null {
  const warehouses = withRole(facts.stack, 'warehouse');
  const loaders = withRole(facts.stack, 'etl');
  const dashboards = withRole(facts.stack, 'analytics');
  const pipelineWords = /\b(?:data pipelines?|etl|elt|data warehouse|warehouse)\b/i.test(facts.description);
  // The systems data comes from: named services, CRMs and databases that are not the warehouse, loader or dashboards.
  const moving = new Set([...warehouses, ...loaders, ...dashboards].map((t) => t.name));
  const sources = named(facts.stack).filter(
    (t) => !moving.has(t.name) && (t.kind === 'service' || t.kind === 'no-code' || t.kind === 'database'),
  );
  if (warehouses.length > 0 || loaders.length > 0 || pipelineWords) {
    if (sources.length === 0 && dashboards.length === 0 && warehouses.length === 0) return null;
    const reports = dashboards.length > 0 || /\bdashboards?|reports?\b/i.test(facts.description) ? 1 : 0;
    return {
      label: 'data pipeline',
      question:
        'A few details: which data do you need from each system (objects or tables, how far back), how fresh should it be, and which reports should come out of it?',
      base: [14 + reports * 3, 32 + reports * 8],
      perItem: [4, 10],
      items: Math.max(sources.length - 1, 0),
      // A loading tool replicates twenty tables, and millions of rows, as easily as two; each report is some work.
      perCounted: [0.2, 0.5],
      volume: false,
      min: 8,
      max: 240,
      inTitle: true,
    };
  }
  if (dashboards.length > 0 && sources.length > 0 && /\b(?:dashboards?|reports?|charts?)\b/i.test(facts.request)) {
    return {
      ...small(
        'reporting on existing data',
        [6, 18],
        [3, 120],
        'A few details: which dashboards or reports do you need, and who will use them?',
      ),
      perItem: [3, 8],
      items: Math.max(sources.length - 1, 0),
      perCounted: [1.5, 4],
      inTitle: true,
    };
  }
  return null;
}

/**
 * The kinds of job, in the order they are tried; sizes are what experienced engineers book for them
 * (the development set's envelopes check them).
 */
const KIND_RULES: readonly KindRule[] = [
  {
    types: ['infrastructure', 'bug_fix', 'integration', 'feature', 'unclear'],
    applies: (f) => DNS.test(f.request) && !WHOLE_ENVIRONMENT.test(f.request),
    kind: (f) =>
      /\b(?:e-?mails?|mx|spf|dkim|dmarc|spam)\b/i.test(f.request)
        ? small(
            'e-mail DNS records',
            [2, 5],
            [1, 12],
            'A few details: which services send e-mail from your domain (your mailbox provider, newsletters, the app itself)?',
          )
        : small(
            'domain and DNS set-up',
            [1, 3],
            [1, 12],
            'A few details: where is the domain registered, and should both the bare domain and www open the app?',
          ),
  },
  {
    types: ['infrastructure', 'unclear'],
    applies: (f) => STORES.test(f.request),
    kind: () =>
      small(
        'publishing to the app stores',
        [6, 16],
        [3, 60],
        'A few details: has the app been built for release before, and does it use sign-in, payments or in-app purchases?',
      ),
  },
  {
    types: ['performance'],
    applies: (f) => /\b(?:ci|pipeline|github actions|gitlab ci|builds?)\b/i.test(f.request) && !QUERY.test(f.request),
    kind: () =>
      small(
        'faster CI or builds',
        [4, 12],
        [2, 40],
        'A few details: which steps take the time today, and how often does the pipeline run?',
      ),
  },
  {
    types: ['infrastructure'],
    applies: (f) => CI.test(f.request) && !/\b(?:terraform|kubernetes|vpc)\b/i.test(f.request),
    kind: () =>
      small(
        'CI set-up',
        [3, 10],
        [2, 40],
        'A few details: how are the checks run today, and what do they need (a database, secrets, other services)?',
      ),
  },
  {
    // An app of one's own deployed to a cloud account: servers, database, domain, secrets and a way to ship updates.
    types: ['infrastructure'],
    applies: (f) => DEPLOYING.test(f.request) && CLOUD.test(f.request) && !/\b(?:terraform|kubernetes|k8s|vpc|cluster)\b/i.test(f.request),
    kind: (f) => ({
      ...small(
        'deployment to a cloud',
        [10, 24],
        [6, 120],
        'A few details: which parts does the app have (frontend, API, database, workers), and how should updates be shipped?',
      ),
      perItem: [2, 6],
      // Each further part of the app to run, and putting it into containers first, is work of its own.
      items: Math.max(named(f.stack).filter((t) => t.kind === 'framework').length - 1, 0) + (CONTAINERS.test(f.request) ? 1 : 0),
    }),
  },
  {
    types: ['infrastructure'],
    applies: (f) => CONTAINERS.test(f.request) && !/\b(?:terraform|kubernetes|vpc|cluster)\b/i.test(f.request),
    kind: () =>
      small(
        'containerising an app',
        [4, 12],
        [2, 40],
        'A few details: which services make up the app (API, database, cache, workers), and how is it started today?',
      ),
  },
  {
    types: ['infrastructure'],
    applies: (f) => MONITORING.test(f.request) && !WHOLE_ENVIRONMENT.test(f.request),
    kind: () =>
      small(
        'monitoring or backup set-up',
        [2, 8],
        [1, 40],
        'A few details: what should be watched or backed up, and who should be told when something goes wrong?',
      ),
  },
  {
    types: ['feature', 'integration', 'infrastructure'],
    applies: (f) => TRACKING.test(f.request),
    kind: () =>
      small(
        'tracking and consent tags',
        [1, 4],
        [1, 16],
        'A few details: which events should be tracked, and do visitors from the EU need a consent banner?',
      ),
  },
  {
    types: ['integration', 'automation', 'new_build', 'feature'],
    applies: (f) => dataKind(f) !== null,
    kind: (f) => dataKind(f) ?? small('data work', [8, 24], [4, 120]),
  },
  {
    // A bot that answers questions from the team's documents: reading them in, finding the passage, answering well.
    types: ['new_build', 'automation', 'feature', 'integration'],
    applies: (f) => /\bbots?\b/i.test(f.request) && ANSWERS_QUESTIONS.test(f.request) && KNOWLEDGE_SOURCE.test(f.request),
    kind: () =>
      small(
        'bot answering from documents',
        [20, 45],
        [10, 160],
        'A few details: how much is written down (pages, documents), who asks the bot, and should it say where each answer comes from?',
      ),
  },
  {
    // A bot that posts, reminds or alerts: one job, a few commands.
    types: ['new_build', 'automation', 'feature'],
    applies: (f) => /\bbots?\b/i.test(f.request) && !SMART_BOT.test(f.description) && !TRANSACTIONAL.test(f.request),
    kind: (f) => ({
      ...small(
        'small bot',
        [4, 10],
        [3, 60],
        'A few details: what exactly should the bot do (commands, alerts, how often it checks), and where should it run?',
      ),
      perItem: [2, 5],
      items: clauses(f.request) - 1,
    }),
  },
  {
    // A bot that takes bookings, orders or payments in a conversation.
    types: ['new_build', 'automation', 'feature'],
    applies: (f) => /\bbots?\b/i.test(f.request) && !SMART_BOT.test(f.description),
    kind: (f) => ({
      ...small(
        'conversational bot',
        [12, 32],
        [6, 200],
        'A few details: what should a conversation with the bot go through, step by step, and where do bookings or orders end up?',
      ),
      perItem: [4, 10],
      items: Math.max(f.features.length - 1, 0),
    }),
  },
  {
    types: ['performance'],
    applies: (f) => QUERY.test(f.description) && f.stack.some((t) => t.kind === 'database' || t.name === 'SQL'),
    kind: () =>
      small(
        'slow query',
        [3, 10],
        [2, 40],
        'A few details: which query or page is slow, how long does it take, and how many rows do the tables involved hold?',
      ),
  },
  {
    // Accounts and recurring billing together: sign-in, plans, checkout, webhooks, and access that follows the subscription.
    types: ['feature', 'infrastructure', 'integration'],
    applies: (f) => SIGN_IN_PROVIDER.test(f.request) && (withRole(f.stack, 'payments').length > 0 || BILLING.test(f.request)),
    kind: () =>
      small(
        'sign-in and subscription billing',
        [20, 45],
        [10, 160],
        'A few details: which plans should people choose from, what does each unlock, and do accounts exist already?',
      ),
  },
  {
    types: ['feature', 'infrastructure', 'integration'],
    applies: (f) => SIGN_IN_PROVIDER.test(f.request),
    kind: () =>
      small(
        'sign-in with a provider',
        [6, 16],
        [3, 40],
        'A few details: how do people sign in today (e-mail, other providers), and how many accounts exist?',
      ),
  },
  {
    // A move between hosts or site platforms, no code of one's own rewritten: "Heroku to Render", "Squarespace to WordPress".
    types: ['upgrade_migration'],
    applies: (f) => {
      const list = named(f.stack);
      return (
        list.length >= 1 &&
        !ownCode(f.stack) &&
        list.every((t) => t.kind === 'platform' || t.kind === 'database' || t.kind === 'no-code') &&
        list.some((t) => t.kind === 'platform' || t.kind === 'no-code')
      );
    },
    kind: () => ({
      ...small(
        'move to another platform',
        [8, 24],
        [3, 160],
        'A few details: what lives there today (apps, databases, pages or posts, scheduled jobs), and how much data has to move?',
      ),
      perCounted: [0.1, 0.5],
      volume: true,
    }),
  },
  {
    types: ['performance'],
    applies: (f) => onlyServices(f.stack),
    kind: () => small('speed-up on a hosted platform', [4, 12], [2, 40]),
  },
  {
    types: ['performance'],
    applies: (f) => PAGE_SPEED.test(f.request) && !QUERY.test(f.request),
    kind: () => ({
      ...small(
        'page speed',
        [6, 20],
        [3, 80],
        'A few details: which pages are slow, how slow (a PageSpeed or Lighthouse score helps), and where is the site hosted?',
      ),
      perCounted: [0.05, 0.15],
    }),
  },
  {
    types: ['security_review'],
    applies: (f) => SECURITY_SETTINGS.test(f.request) && !/\bcode\b/i.test(f.request),
    kind: () =>
      small(
        'review of security settings',
        [3, 10],
        [2, 40],
        'A few details: which settings protect what (users, payments, files), and what should each kind of user be allowed to do?',
      ),
  },
  {
    types: ['integration', 'feature'],
    applies: (f) => withRole(f.stack, 'payments').length > 0 && ownCode(f.stack),
    kind: (f) => ({
      ...small(
        'payments in an app',
        [12, 32],
        [6, 160],
        'A few details: what do people pay for (one-off, subscriptions, plans), and what should happen after a payment or a refund?',
      ),
      perItem: [8, 20],
      items: MARKETPLACE_PAYMENTS.test(f.description) ? 1 : 0,
    }),
  },
  {
    types: ['automation', 'new_build', 'integration'],
    applies: (f) => SMALL_PROGRAM.test(f.request) && !/\bbots?\b/i.test(f.request),
    kind: () =>
      small(
        'a script',
        [4, 12],
        [2, 60],
        'A few details: what goes in and what comes out (files, sources, columns), and how often should it run?',
      ),
  },
  {
    types: ['new_build'],
    applies: (f) => onNoCodeBuilder(f.stack) && INTERNAL_TOOL.test(f.request),
    kind: () =>
      small(
        'internal tool on a no-code builder',
        [10, 28],
        [6, 120],
        'A few details: which screens and actions does the team need, and how many people will use it?',
      ),
  },
  {
    types: ['bug_fix'],
    applies: (f) => SMALL_PROGRAM.test(f.request) && !ownCode(f.stack.filter((t) => t.kind !== 'language')),
    kind: () => small('bug in a script', [1, 5], [1, 24]),
  },
  {
    types: ['security_review'],
    applies: (f) => onlyServices(f.stack) && !ownCode(f.stack),
    kind: () =>
      small(
        'fix on a no-code platform',
        [2, 8],
        [1, 40],
        'A few details: what exactly is exposed or unsafe today, and in which workflow or page does it happen?',
      ),
  },
  {
    types: ['integration'],
    applies: (f) => onlyServices(f.stack),
    // Each form or flow to map between the platforms is a little work of its own.
    kind: () => ({ ...small('integration between hosted services', [5, 16], [2, 80]), perItem: [2, 5], perCounted: [0.5, 1.5] }),
  },
  {
    types: ['automation'],
    applies: (f) => onlyServices(f.stack),
    // A trigger and an action are the job, whatever runs them (Zapier, Make); each further service adds work.
    kind: (f) => ({
      ...small('automation between hosted services', [2, 6], [1, 60]),
      perItem: [4, 8],
      items: Math.max(named(f.stack).filter((t) => withRole([t], 'automation').length === 0).length - 2, 0),
    }),
  },
  {
    // One small, well-known piece in an existing app: an export, a filter, a notification e-mail.
    types: ['feature'],
    applies: (f) => SMALL_FEATURE.test(f.request) && !LARGE_FEATURE.test(f.request),
    kind: () => small('small feature', [3, 10], [1, 60]),
  },
  {
    // One external API joined to the person's own app: SMS reminders through Twilio, a shipping rate.
    types: ['integration'],
    applies: (f) => ownCode(f.stack) && named(f.stack).filter(isHostedTool).length === 1,
    kind: () => ({ ...small('one API in an app', [6, 18], [3, 120]), perItem: [3, 8], perCounted: [0.5, 1.5] }),
  },
];

/**
 * The kind of job, when the request names one whose size is well known (`KIND_RULES`, first match):
 * domain and DNS set-up, publishing an app to the stores, CI, container, monitoring or tracking set-up,
 * a data pipeline or reporting, a small bot, a slow query, sign-in with a provider, a move to another
 * host, an internal tool on a no-code builder, a bug in a script, or work joining hosted services with no
 * code of the person's own. Read from the request's words and the roles of its technologies in the
 * catalogue (warehouse, loading tool, dashboards, hosting). Null when none applies: the request
 * type's hours table then sizes the work.
 */
export function workKindOf(facts: IntakeFacts): WorkKind | null {
  const rule = KIND_RULES.find((r) => r.types.includes(facts.type) && r.applies(facts));
  return rule ? rule.kind(facts) : null;
}
