import type { AgentMessageKind, CodeAnalysis, RequestReading, TaskBrief as ContractTaskBrief, WorkEstimate } from '@unstuck/contract';
import type { ExpertResponse } from './knowledge/knowledge.ts';

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
  /**
   * The task's code analysis (files, lines, main languages of an attached archive or a pushed
   * repository). Absent or null while there is none, and also for a while after an archive was
   * attached: the analysis runs in the background and may land after the message is answered.
   */
  codeAnalysis?: CodeAnalysis | null;
  /** Rates that turn hours into a price (configuration: AGENT_HOURLY_RATE, AGENT_CURRENCY). */
  rates: { hourlyRate: number; currency: string };
  /** The AI's display name (configuration: AI_NAME). */
  aiName: string;
  /**
   * How many more messages the person can send before a limit stops them (docs/product.md "Validation": a guest's two
   * messages, a signed-in person's ten per conversation); a question they cannot answer is wasted.
   */
  messagesLeft: number;
  /**
   * True when the conversation's owner is a guest: at the guest limit they can sign in and go on, so a
   * vague request still gets its most useful question rather than a Diagnosis. Absent: signed in.
   */
  guest?: boolean;
  /**
   * The expected first reply of an expert after acceptance (`GET /api/config` → `expertResponse`) that
   * answers "how fast can you start"; null or absent: agent-1 names no figure.
   */
  expertResponse?: ExpertResponse | null;
  /**
   * Called while a brain that streams (the LLM brain) writes the turn, with the person-facing text so
   * far (the `content` only: never staff notes, never a task-section marker), each call a longer or
   * corrected version of the last. Drafts are for show only: the returned turn is what counts.
   * Brains that do not stream never call it.
   */
  onDraft?: (content: string) => void;
}

/**
 * The brief the agent keeps on the task for the human experts (docs/product.md "Entities" Task fields; the contract's
 * `taskBriefSchema`): a title of at most 80 characters, the person's request in their own words, the
 * diagnosis once the goal is known, the clarified scope once proposed, and a hand-over summary; plus
 * the kind of work in a few words ("bug fix", shown as the share page's task type), undefined when the
 * brain does not classify.
 */
export type TaskBrief = ContractTaskBrief & { taskType?: string | null };

/** One turn of the agent: a clarifying question or a proposal. */
export interface AgentTurn {
  kind: AgentMessageKind;
  /** Markdown text shown to the person. */
  content: string;
  /** Notes for staff only, appended after TASK_SECTION_MARKER and stripped for clients. */
  staffNotes?: string;
  brief: TaskBrief;
  /** What the agent understood of the request at this turn: type, stack and AI tools (kept apart). */
  reading: RequestReading;
  /** For proposals: the estimate in whole hours (low ≤ high) and its price at the configured rate. */
  estimate?: WorkEstimate;
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
