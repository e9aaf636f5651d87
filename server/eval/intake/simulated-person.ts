import type { Answers, Topic } from './dev-set.ts';

/**
 * What an agent question asks about, by topic, in the order the person answers. A question may ask
 * several things at once; each pattern is the usual wording of one.
 */
const TOPIC_PATTERNS: readonly (readonly [Topic, RegExp])[] = [
  [
    'details',
    /\b(?:error|errors|log|logs|message|what (?:exactly )?happens|what do you see|reproduc\w*|steps?|details?|describe|how (?:many|big|large|much data)|size|scale|volume|technolog\w*|stack|framework|language|hosting|hosted|runs? on|set ?up|existing|features?|screens?|pages?|components?|mockups?|what (?:does|do|did) (?:it|the|your)|tried|changed)\b/i,
  ],
  [
    'goal',
    /\b(?:goal|outcome|achieve|success|done look like|what should|end result|expect\w*|instead|ideal|when it works|looks? like when)\b/i,
  ],
  [
    'deadline',
    /\b(?:by when|deadline|timeline|time ?frame|how soon|what date|when (?:do|would|should|must|will) you need|when (?:does|should|must) (?:it|this) be (?:done|ready|live|finished)|need (?:it|this) (?:done|ready|by))\b/i,
  ],
  ['budget', /\b(?:budget|spend|price range|afford|how much (?:can|do|would) you)\b/i],
  [
    'code',
    /\b(?:code|repo|repository|access|source|github|gitlab|bitbucket|collaborator|share (?:the|your) (?:project|files?)|where does (?:it|the app) live)\b/i,
  ],
];

/** The topics a question asks about (possibly none: the person then does not know what to say). */
export function topicsAsked(question: string): Topic[] {
  return TOPIC_PATTERNS.filter(([, pattern]) => pattern.test(question)).map(([topic]) => topic);
}

/** What the person says when a question asks nothing they recognise. */
export const PUZZLED_REPLY = "Sorry, I'm not sure what you mean.";

/**
 * The simulated person's reply to an agent question: the set's answers for the topics asked, in
 * topic order, joined; or `PUZZLED_REPLY` when it asks nothing recognisable. The person answers
 * what is asked, not more, as the set's README describes.
 */
export function replyTo(question: string, answers: Answers): { reply: string; topics: Topic[] } {
  const topics = topicsAsked(question);
  if (topics.length === 0) return { reply: PUZZLED_REPLY, topics };
  return { reply: topics.map((t) => answers[t]).join(' '), topics };
}
