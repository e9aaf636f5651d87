import { formatMoney } from '../intake/estimate.ts';

/**
 * The expected first reply of an expert after a proposal is accepted, as the server publishes it
 * (`GET /api/config` → `expertResponse`): the median in minutes, what it is based on (measured over
 * recent tasks, or configured), and over how many tasks it was measured.
 */
export interface ExpertResponse {
  medianMinutes: number;
  basis: string;
  tasks: number;
}

/** Gives the expected first reply, or null while there is none to publish (too few tasks, not configured). */
export type ExpertResponseProvider = () => Promise<ExpertResponse | null>;

/** The figures agent-1's answers quote, read from configuration and the server's measurements. */
export interface AgentKnowledge {
  /** The hourly rate and its ISO 4217 currency (configuration AGENT_HOURLY_RATE, AGENT_CURRENCY). */
  rates: { hourlyRate: number; currency: string };
  /** The AI's display name (configuration AI_NAME). */
  aiName: string;
  /** The expected first reply of an expert; null: agent-1 names no figure. */
  expertResponse: ExpertResponse | null;
  /** The current proposal's hours, once there is one: "how long will it take" quotes them. */
  proposalHours?: readonly [number, number] | null;
}

/** What people ask agent-1 about, besides their project (docs/product.md "agent-1", "Answers"). */
export type KnowledgeTopic =
  | 'price'
  | 'payment'
  | 'duration'
  | 'start'
  | 'after-accept'
  | 'who'
  | 'call'
  | 'confidentiality'
  | 'passwords'
  | 'refunds'
  | 'availability';

/** How a question shows its topic; a question may have several. Order: the order answers are given in. */
const TOPIC_PATTERNS: readonly (readonly [KnowledgeTopic, RegExp])[] = [
  ['price', /\b(?:rates?|how much|costs?|price[sd]?|pricing|charges?|expensive|cheap|fees?|go up|fixed)\b|\bper hour\b|\bhourly\b/i],
  ['payment', /\b(?:pay|paying|payment|invoice\w*|deposit|upfront|up front|half now|credit card|installments?)\b/i],
  [
    'duration',
    /\bhow long\b|\bhow many hours\b|\bwhen (?:will|would) (?:it|this|the work) be (?:done|ready|finished)\b|\btake to (?:fix|build|finish)\b/i,
  ],
  [
    'start',
    /\bhow (?:fast|soon|quickly)\b|\bstart (?:today|now|tomorrow|right away|immediately|this week)\b|\bwhen (?:can|will|would|does|do) (?:the expert|an expert|you|they|someone|somebody|work) (?:start|begin|reply|get back)\b|\b(?:today|tonight|right away|immediately)\b/i,
  ],
  [
    'after-accept',
    /\bwhat happens (?:after|when|next|once|then)\b|\bafter (?:i|we) accept\b|\bhow does (?:it|this|this service) work\b|\bwhat(?:'s| is) next\b/i,
  ],
  [
    'who',
    /\bwho (?:will|would|does|is going to|is)\b|\b(?:a |an )?(?:real )?(?:human|person)\b|\bare you (?:a |an )?(?:bot|ai|robot|human|real)\b|\bwhich expert\b/i,
  ],
  ['call', /\b(?:calls?|video|zoom|google meet|teams meeting|meeting|phone|talk (?:to|with|on))\b/i],
  [
    'confidentiality',
    /\b(?:safe|secure|confidential\w*|nda|non-disclosure|privacy|private|trust|steal|leak)\b[^?]{0,60}|\b(?:my|our) (?:code|repo|repository|data)\b[^?]{0,30}\b(?:safe|secure|private|shared)\b/i,
  ],
  ['passwords', /\b(?:passwords?|credentials|log ?in details|login|admin access|api keys?|secret keys?|access tokens?)\b/i],
  ['refunds', /\b(?:refunds?|money back|guarantee\w*|not happy|unhappy|dissatisfied|cancel\w*)\b/i],
  ['availability', /\b(?:weekends?|saturdays?|sundays?|holidays?|time ?zones?|at night|evenings?|business hours|office hours)\b/i],
];

/** The knowledge topics a question asks about, in answer order (possibly none). */
export function topicsOfQuestion(question: string): KnowledgeTopic[] {
  return TOPIC_PATTERNS.filter(([, pattern]) => pattern.test(question)).map(([topic]) => topic);
}

/** "about 45 minutes", "about 3 hours", "about 2 days". */
function duration(minutes: number): string {
  if (minutes < 90) return `about ${Math.max(1, Math.round(minutes))} minutes`;
  if (minutes < 48 * 60) return `about ${Math.round(minutes / 60)} hours`;
  return `about ${Math.round(minutes / (24 * 60))} days`;
}

/** When an expert usually replies, from the published figure; without one, no figure is named. */
function startAnswer(knowledge: AgentKnowledge): string {
  const figure = knowledge.expertResponse;
  if (!figure) {
    return 'An expert picks your task up after you accept the proposal and writes to you here and by email; the start date is agreed with them at kickoff.';
  }
  const basis = figure.tasks > 0 ? ` (the median over the last ${figure.tasks} tasks)` : '';
  return `After you accept the proposal, an expert usually replies within ${duration(figure.medianMinutes)}${basis}; the start date is agreed with them at kickoff.`;
}

/**
 * The answer to one topic, in plain sentences without a question mark. The facts are the product's
 * (docs/product.md "agent-1", "Answers"); the figures come from `knowledge`.
 */
export function answerTopic(topic: KnowledgeTopic, knowledge: AgentKnowledge): string {
  const { hourlyRate, currency } = knowledge.rates;
  const rate = formatMoney(hourlyRate, currency);
  switch (topic) {
    case 'price':
      return `Experts work at ${rate} an hour. I size the work in hours and the price is those hours at that rate, given as a range; the expert confirms it once they have read the brief, and anything beyond it is agreed with you first, never charged silently.`;
    case 'payment':
      return 'Nothing is charged in this chat, and accepting the proposal is not a payment. How you pay (all at once, or a part up front and the rest on delivery) is agreed with you by email once the expert has confirmed the price.';
    case 'duration': {
      const hours = knowledge.proposalHours;
      const work = hours
        ? `The proposal puts the work at ${hours[0]}–${hours[1]} hours.`
        : 'The work is sized in hours once I know enough about it.';
      return `${work} ${startAnswer(knowledge)}`;
    }
    case 'start':
      return startAnswer(knowledge);
    case 'after-accept':
      return 'When you accept, the task goes to our experts: one who fits it takes it, writes to you here and you get an email. The expert confirms the price and timeline at kickoff, then the work starts.';
    case 'who':
      return `A human software expert does the work, matched to your task by skill; their name shows here when they take it. I'm ${knowledge.aiName}, an AI: I gather the details and write the proposal for them.`;
    case 'call':
      return 'Yes: once an expert takes your task, they can set up a call with you (the kickoff, for example). Until then we talk here.';
    case 'confidentiality':
      return 'Your code and files stay private: only the expert who takes your task and our staff see this conversation, your files and your repository. If you need an NDA, say so and it is arranged before the work starts.';
    case 'passwords':
      return 'Please never send passwords or keys in this chat. Access is arranged with the expert after you accept: an invitation to your repository, or a temporary account you can remove afterwards.';
    case 'refunds':
      return 'Nothing is charged before the expert confirms the price. Any change to what is included is agreed with you first, and you are not charged for work the accepted proposal promised but the expert did not deliver.';
    case 'availability':
      return 'Our experts work across time zones, and some take weekend work. Tell us your time zone and the hours that suit you, and the expert confirms their availability at kickoff.';
  }
}

/** Every fact agent-1 answers from, one line per topic: what the LLM brain is given (system-prompt.ts). */
export function knowledgeLines(knowledge: AgentKnowledge): string[] {
  return TOPIC_PATTERNS.map(([topic]) => `- ${topic}: ${answerTopic(topic, knowledge)}`);
}
