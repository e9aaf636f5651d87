import type { AgentMessageKind } from '@unstuck/contract';

/** One message of the conversation as the agent's brain sees it, oldest first. */
export interface TranscriptEntry {
  role: 'user' | 'agent';
  /** The text as the person saw it (agent staff notes after the task-section marker removed). */
  content: string;
  /** For agent messages: what the turn was. */
  kind?: AgentMessageKind;
  /** File names attached to the message. */
  attachmentNames?: string[];
}

/** What the brain knows about the task besides the transcript. */
export interface AgentTurnInput {
  transcript: TranscriptEntry[];
  /** True when the person pressed "Let's modify it" on the latest proposal and has not yet said what to change. */
  modificationRequested: boolean;
  /** Rates that turn hours into a price (configuration: AGENT_HOURLY_RATE, AGENT_CURRENCY). */
  rates: { hourlyRate: number; currency: string };
  /** The AI's display name (configuration: AI_NAME). */
  aiName: string;
}

/** The brief the agent keeps on the task for the human experts (spec §3 Task fields). */
export interface TaskBrief {
  /** A short title, at most 80 characters. */
  title: string;
  /** The person's request in their own words, joined. */
  description: string;
  /** What the agent thinks the problem or goal is; null until known. */
  diagnosis: string | null;
  /** The agreed scope as a short list or paragraph; null until a proposal is made. */
  clarifiedScope: string | null;
  /** A hand-over summary for the engineer: goal, stack, deadline, budget, links, open points. */
  jobSummaryForEngineer: string | null;
  /** The kind of work in a few words ("bug fix", "new feature"); undefined when the brain does not classify. */
  taskType?: string | null;
}

/** One turn of the agent: a clarifying question or a proposal. */
export interface AgentTurn {
  kind: AgentMessageKind;
  /** Markdown text shown to the person. */
  content: string;
  /** Notes for staff only, appended after TASK_SECTION_MARKER and stripped for clients. */
  staffNotes?: string;
  brief: TaskBrief;
  /** For proposals: the estimate in hours (low ≤ high). */
  estimate?: { hoursLow: number; hoursHigh: number; priceLow: number; priceHigh: number; currency: string };
}

/**
 * The agent's brain: given the conversation so far, produce the next turn. Implementations: the
 * deterministic intake agent (offline default) and the LLM agent (AI SDK, configured by env).
 * Throws on an unrecoverable error (the job queue then retries).
 */
export interface AgentBrain {
  readonly name: string;
  nextTurn(input: AgentTurnInput): Promise<AgentTurn>;
}
