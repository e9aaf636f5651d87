import { neutraliseTaskSectionMarker, TASK_SECTION_MARKER } from '@unstuck/contract';
import type { RequestReading } from '@unstuck/contract';
import type { AgentTurn, AgentTurnInput, TaskBrief } from '../brain.ts';
import { REQUEST_TYPE_LABEL } from '../intake/classify-request.ts';
import { readTechnologies } from '../technologies/recognise.ts';
import { priceEstimate, withPriceLine } from './pricing.ts';
import { looksLikeProposal } from '@unstuck/contract';
import type { ModelTurn } from './turn-schema.ts';

const TITLE_MAX = 80;

/**
 * Turns a schema-valid model answer into the turn we store, repairing what a model gets wrong:
 * - `kind` follows the content, not the model's claim: a proposal must read as one to the chat
 *   client (proposal words, no request for details, see looksLikeProposal); anything else is a
 *   question. This keeps the task status and the buttons the person sees consistent.
 * - a proposal's estimate is priced from `input.rates` and its price line is ensured; a question
 *   carries no estimate.
 * - the title is cut to 80 characters; empty brief fields fall back to the person's own words.
 * - the reading keeps names, not sentences: stack and AI-tool items are trimmed, deduplicated, and
 *   dropped when longer than six words; an AI builder or coding assistant listed as stack (Cursor,
 *   Lovable: the technology catalogue knows them) moves to the AI tools, and nothing listed as an AI
 *   tool stays in the stack; the task type shown to experts is the request type's label.
 * - a task-section marker in the content is neutralised: the content can echo the
 *   person's words, and those must neither cut the message short for clients nor write into the
 *   staff-only section. Staff notes come only from the model's `staffNotes` field.
 * Throws RangeError only when `input.rates.currency` is not an ISO 4217 code.
 */
export function toAgentTurn(answer: ModelTurn, input: AgentTurnInput): AgentTurn {
  let content = neutraliseTaskSectionMarker(answer.content).trim();
  const staffNotes = answer.staffNotes.trim();

  const kind = looksLikeProposal(content) ? 'proposal' : 'question';
  const reading = toReading(answer.reading);
  const estimate = kind === 'proposal' && answer.estimate ? priceEstimate(answer.estimate, input.rates) : undefined;
  if (estimate) content = withPriceLine(content, estimate, input.rates.hourlyRate);

  return {
    kind,
    content,
    ...(staffNotes ? { staffNotes } : {}),
    brief: {
      ...toBrief(answer.brief, input),
      taskType: reading.requestType === 'unclear' ? null : REQUEST_TYPE_LABEL[reading.requestType],
    },
    reading,
    ...(estimate ? { estimate } : {}),
  };
}

/**
 * The person-facing text of a partial `content` while the model still writes it: neutralised like
 * the final content, and without a trailing beginning of the task-section marker (`[[TASK SEC`), so a
 * draft never shows the marker or a piece of it. Pure.
 */
export function toDraftContent(partialContent: string): string {
  const text = neutraliseTaskSectionMarker(partialContent);
  for (let length = Math.min(TASK_SECTION_MARKER.length - 1, text.length); length > 0; length -= 1) {
    if (text.endsWith(TASK_SECTION_MARKER.slice(0, length))) return text.slice(0, -length);
  }
  return text;
}

function toBrief(brief: ModelTurn['brief'], input: AgentTurnInput): TaskBrief {
  const ownWords = input.transcript
    .filter((entry) => entry.role === 'user')
    .map((entry) => entry.content.trim())
    .filter(Boolean)
    .join('\n\n');
  const description = brief.description.trim() || ownWords;
  const title = oneLine(brief.title) || oneLine(ownWords) || 'New request';
  return {
    title: truncate(title, TITLE_MAX),
    description,
    diagnosis: blankToNull(brief.diagnosis),
    clarifiedScope: blankToNull(brief.clarifiedScope),
    jobSummaryForEngineer: blankToNull(brief.jobSummaryForEngineer),
  };
}

/** Names as a short list: one line each, no sentences, no duplicates (any letter case). */
function names(items: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const raw of items) {
    const name = oneLine(raw);
    if (name && name.split(' ').length <= 6 && !kept.has(name.toLowerCase())) kept.set(name.toLowerCase(), name);
  }
  return [...kept.values()];
}

function toReading(reading: RequestReading): RequestReading {
  const isAssistant = (name: string) => {
    const found = readTechnologies(name);
    return found.stack.length === 0 && found.aiTools.length > 0;
  };
  const stack = names(reading.stack);
  const aiTools = names([...reading.aiTools, ...stack.filter(isAssistant)]);
  const tools = new Set(aiTools.map((t) => t.toLowerCase()));
  return { requestType: reading.requestType, stack: stack.filter((s) => !tools.has(s.toLowerCase())), aiTools };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Cut by code points so an emoji is never split in half, while keeping the UTF-16 length (what
  // validators count) within `max` including the ellipsis.
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max - 1) break;
    kept += char;
  }
  return `${kept.trimEnd()}…`;
}

function blankToNull(text: string | null): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}
