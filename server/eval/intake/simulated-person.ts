import type { Answers, Topic } from './dev-set.ts';

/** What a question may ask for: the answers' topics, and the technologies (the person answers with the details). */
export type AskedTopic = Topic | 'stack';

/**
 * What an agent question asks about, by topic, in the order the person answers. A question may ask
 * several things at once; each pattern is the usual wording of one.
 */
const TOPIC_PATTERNS: readonly (readonly [AskedTopic, RegExp])[] = [
  [
    'details',
    /\b(?:error|errors|log|logs|message|what (?:exactly )?happens|what do you see|reproduc\w*|steps?|details?|describe|how (?:many|big|large|much data)|size|scale|volume|set ?up|existing|features?|screens?|pages?|components?|mockups?|what (?:does|do|did) (?:it|the|your)|tried|changed)\b/i,
  ],
  [
    'stack',
    /\b(?:which|what)\s+(?:\w+\s+)?(?:technolog\w*|stack|frameworks?|languages?|platforms?|cms|databases?|hosting)\b|\b(?:built|made|written|running|hosted|runs?)\s+(?:with|in|on)\s+what\b|\bwhat (?:is it|is the app|does it) (?:built|run(?:ning)?) (?:with|on|in)\b|\bwhere (?:is it|does it run|is the app) hosted\b/i,
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
    /\b(?:where (?:is|are|does|do|can)\b[^?]{0,30}\b(?:code|project|app|files?|live)\b|repo|repository|access (?:to|for)|give (?:an expert |us |me )?access|source code|github|gitlab|bitbucket|collaborator|share (?:the|your) (?:project|files?|code)|send (?:the|your|us) (?:files?|code|project))/i,
  ],
];

/** The topics a question asks about (possibly none: the person then does not know what to say). */
export function topicsAsked(question: string): AskedTopic[] {
  return TOPIC_PATTERNS.filter(([, pattern]) => pattern.test(question)).map(([topic]) => topic);
}

/** What the person says when a question asks nothing they recognise. */
export const PUZZLED_REPLY = "Sorry, I'm not sure what you mean.";

/**
 * The simulated person's reply to an agent question: the set's answers for the topics asked, in
 * topic order, joined (a question about the technologies gets the details); or `PUZZLED_REPLY` when
 * it asks nothing recognisable. The person answers what is asked, not more, as the set's README describes.
 */
export function replyTo(question: string, answers: Answers): { reply: string; topics: AskedTopic[] } {
  const topics = topicsAsked(question);
  if (topics.length === 0) return { reply: PUZZLED_REPLY, topics };
  const answered = [...new Set(topics.map((t): Topic => (t === 'stack' ? 'details' : t)))];
  return { reply: answered.map((t) => answers[t]).join(' '), topics };
}
