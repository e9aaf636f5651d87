import type { RequestType } from '@unstuck/contract';
import { technologyCatalogue } from '../technologies/catalogue.ts';
import type { Technology, TechRole } from '../technologies/types.ts';
import type { IntakeFacts } from './types.ts';

/**
 * A kind of job whose size experienced engineers know well, narrower than its request type: pointing
 * a domain at an app is an hour or two of infrastructure, a data pipeline days of integration.
 */
export interface WorkKind {
  /** In a few words, for the staff notes ("domain and DNS set-up"). */
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
}

function withRole(stack: readonly Technology[], role: TechRole): Technology[] {
  const { byName } = technologyCatalogue();
  return stack.filter((t) => byName.get(t.name)?.roles.includes(role) === true);
}

/** Own code (a language or framework named, not only implied by a platform). */
function ownCode(stack: readonly Technology[]): boolean {
  return stack.some((t) => !t.implied && (t.kind === 'language' || t.kind === 'framework'));
}

/** Everything named is a hosted no-code platform or a service: no code of the person's own, no server of theirs. */
export function onlyHostedTools(stack: readonly Technology[]): boolean {
  const { byName } = technologyCatalogue();
  const named = stack.filter((t) => !t.implied);
  return (
    named.some((t) => t.kind === 'no-code') &&
    named.every((t) => (t.kind === 'no-code' && byName.get(t.name)?.hosted === true) || t.kind === 'service' || t.kind === 'ai-model')
  );
}

/** Builders of internal tools and simple apps over data people already have (Retool, Glide, AppSheet). */
const INTERNAL_TOOL = /\b(?:internal tool|admin (?:panel|tool)|back ?office|dashboard|portal|crud|look ?up)\b/i;

/** Clauses that each ask for one thing: "posts our videos and gives roles" is two. */
function clauses(text: string): number {
  const first = text.split(/(?<=[.!?])\s+/)[0] ?? text;
  return first.split(/,\s*(?:and\s+)?|\s+and\s+(?=\w+s\b)|\s+plus\s+/i).length;
}

const DNS =
  /\b(?:custom domains?|domain names?|domains?(?![\w-])|dns|nameservers?|a records?|cname|mx records?|spf|dkim|dmarc|ssl certificates?|https)\b/i;
/** Words of infrastructure bigger than pointing a domain: a whole environment. */
const WHOLE_ENVIRONMENT =
  /\b(?:terraform|kubernetes|k8s|vpc|cluster|ci\/cd|pipeline|staging|environments|load balancer|migrat\w+|servers)\b/i;
const STORES = /\b(?:app store|play store|google play|testflight)\b/i;
const CONTAINERS = /\b(?:dockeri[sz]\w*|containeri[sz]\w*|docker(?:file)?|docker compose)\b/i;
const CI =
  /\b(?:ci|ci\/cd|github actions|gitlab ci|continuous integration|pipeline)\b[^.!?\n]{0,60}\b(?:tests?|lint\w*|builds?|deploy\w*|pull requests?|merge requests?|push)\b/i;
const TRACKING =
  /\b(?:tracking (?:code|script|pixel)s?|(?:meta|facebook|tiktok|linkedin) pixel|pixels?|google analytics|ga4|tag manager|gtm|hotjar|conversion tracking|cookie (?:banner|consent))\b/i;
const SMART_BOT = /\b(?:chatbot|chat bot|assistant|ai|gpt|llm|rag|openai|claude|gemini|answers? (?:questions|from))\b/i;
const QUERY =
  /\b(?:quer(?:y|ies)|sql|index(?:es)?|n\+1|joins?|report(?:s)? (?:takes?|is slow|are slow)|slow (?:report|page|endpoint|list))\b/i;
const SIGN_IN_PROVIDER =
  /\b(?:sign|log)[- ]?in with \w+|\bsso\b|\bsaml\b|\boauth\b|\b(?:google|apple|microsoft|github|facebook) (?:login|sign[- ]?in|auth)/i;

/** A data pipeline: data moved into a warehouse or through a loading tool, often on to dashboards. */
function pipelineKind(facts: IntakeFacts): WorkKind | null {
  const warehouses = withRole(facts.stack, 'warehouse');
  const loaders = withRole(facts.stack, 'etl');
  const dashboards = withRole(facts.stack, 'analytics');
  const pipelineWords = /\b(?:data pipelines?|etl|elt|data warehouse|warehouse)\b/i.test(facts.description);
  if (warehouses.length === 0 && loaders.length === 0 && !pipelineWords) return null;
  // The systems data comes from: named services, CRMs and databases that are not the warehouse, loader or dashboards.
  const moving = new Set([...warehouses, ...loaders, ...dashboards].map((t) => t.name));
  const sources = facts.stack.filter(
    (t) => !t.implied && !moving.has(t.name) && (t.kind === 'service' || t.kind === 'no-code' || t.kind === 'database'),
  );
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
  };
}

/**
 * The kind of job, when the request names one whose size is well known: domain and DNS set-up,
 * publishing an app to the stores, CI or container set-up, tracking tags, a data pipeline, a small
 * bot, a slow query, sign-in with a provider, an internal tool on a no-code builder, or work on a
 * hosted no-code platform with no code of the person's own. Read from the request's words and the roles of its technologies in the catalogue
 * (warehouse, loading tool, dashboards, chat platform). Null when none applies: the request type's
 * hours table then sizes the work.
 */
export function workKindOf(facts: IntakeFacts): WorkKind | null {
  const text = facts.request;
  const type: RequestType = facts.type;
  const all = facts.description;
  const small = (label: string, base: readonly [number, number], min: number, max: number, question?: string): WorkKind => ({
    label,
    ...(question ? { question } : {}),
    base,
    perItem: [0.5, 1.5],
    items: 0,
    perCounted: [0.3, 1],
    volume: false,
    min,
    max,
  });

  if (
    ['infrastructure', 'bug_fix', 'integration', 'feature', 'unclear'].includes(type) &&
    DNS.test(text) &&
    !WHOLE_ENVIRONMENT.test(text)
  ) {
    const email = /\b(?:e-?mails?|mx|spf|dkim|dmarc|spam)\b/i.test(text);
    return email
      ? small(
          'e-mail DNS records',
          [2, 5],
          1,
          12,
          'A few details: which services send e-mail from your domain (your mailbox provider, newsletters, the app itself)?',
        )
      : small(
          'domain and DNS set-up',
          [1, 3],
          1,
          12,
          'A few details: where is the domain registered, and should both the bare domain and www open the app?',
        );
  }
  if (STORES.test(text) && (type === 'infrastructure' || type === 'unclear')) {
    return small(
      'publishing to the app stores',
      [6, 16],
      3,
      60,
      'A few details: has the app been built for release before, and does it use sign-in, payments or in-app purchases?',
    );
  }
  if (type === 'infrastructure' && CI.test(text) && !/\b(?:terraform|kubernetes|vpc)\b/i.test(text)) {
    return small(
      'CI set-up',
      [3, 10],
      2,
      40,
      'A few details: how are the checks run today, and what do they need (a database, secrets, other services)?',
    );
  }
  if (type === 'infrastructure' && CONTAINERS.test(text) && !/\b(?:terraform|kubernetes|vpc|cluster)\b/i.test(text)) {
    return small(
      'containerising an app',
      [4, 12],
      2,
      40,
      'A few details: which services make up the app (API, database, cache, workers), and how is it started today?',
    );
  }
  if ((type === 'feature' || type === 'integration' || type === 'infrastructure') && TRACKING.test(text)) {
    return small(
      'tracking and consent tags',
      [1, 4],
      1,
      16,
      'A few details: which events should be tracked, and do visitors from the EU need a consent banner?',
    );
  }
  if (type === 'integration' || type === 'automation' || type === 'new_build' || type === 'feature') {
    const pipeline = pipelineKind(facts);
    if (pipeline) return pipeline;
  }
  if ((type === 'new_build' || type === 'automation' || type === 'feature') && /\bbots?\b/i.test(text) && !SMART_BOT.test(all)) {
    const question = 'A few details: what exactly should the bot do (commands, alerts, how often it checks), and where should it run?';
    return { ...small('small bot', [4, 10], 3, 60, question), perItem: [2, 5], items: clauses(text) - 1 };
  }
  if (
    type === 'performance' &&
    QUERY.test(all) &&
    facts.stack.some((t) => t.kind === 'database' || /\bsql\b/i.test(t.name) || t.name === 'SQL')
  ) {
    return small(
      'slow query',
      [3, 10],
      2,
      40,
      'A few details: which query or page is slow, how long does it take, and how many rows do the tables involved hold?',
    );
  }
  if (type === 'feature' && SIGN_IN_PROVIDER.test(text)) {
    return small(
      'sign-in with a provider',
      [6, 16],
      3,
      40,
      'A few details: how do people sign in today (e-mail, other providers), and how many accounts exist?',
    );
  }
  const builder = !ownCode(facts.stack) && onlyHostedTools(facts.stack.filter((t) => t.kind !== 'database'));
  if (type === 'new_build' && builder && INTERNAL_TOOL.test(text)) {
    return small(
      'internal tool on a no-code builder',
      [10, 28],
      6,
      120,
      'A few details: which screens and actions does the team need, and how many people will use it?',
    );
  }
  if (onlyHostedTools(facts.stack) && !ownCode(facts.stack)) {
    switch (type) {
      case 'security_review':
        return small(
          'fix on a no-code platform',
          [2, 8],
          1,
          40,
          'A few details: what exactly is exposed or unsafe today, and in which workflow or page does it happen?',
        );
      case 'integration':
        // Each form or flow to map between the platforms is a little work of its own.
        return { ...small('no-code integration', [5, 16], 2, 80), perItem: [2, 5], perCounted: [0.5, 1.5] };
      case 'performance':
        return small('speed-up on a no-code platform', [4, 12], 2, 40);
      case 'automation':
        return small('no-code automation', [3, 10], 2, 60);
      default:
        return null;
    }
  }
  return null;
}
