import type { AgentTurn, AgentTurnInput } from '../brain.ts';
import { ACCEPT_OR_CHANGE, intakeStage, nextIntakeTurn } from '../intake/next-turn.ts';
import { DIAGNOSIS_HOURS } from '../intake/proposal.ts';

/** At most this many questions in one message (docs/product.md "agent-1", "Questions"). */
const MAX_QUESTIONS = 3;

/**
 * The message with at most three questions, in the order written: later questions are dropped, and
 * a line asking more than one gets each question on its own line. Statements stay where they were. Pure.
 */
export function atMostThreeQuestions(content: string): string {
  let asked = 0;
  const lines: string[] = [];
  for (const line of content.split('\n')) {
    const parts = line.split(/(?<=[.!?])\s+(?=\S)/);
    const questions = parts.filter((p) => /\?\s*$/.test(p)).length;
    if (questions === 0 || (questions === 1 && asked < MAX_QUESTIONS)) {
      asked += questions;
      lines.push(line);
      continue;
    }
    let statement = '';
    for (const part of parts) {
      if (!/\?\s*$/.test(part)) statement = statement ? `${statement} ${part}` : part;
      else {
        if (statement) lines.push(statement);
        statement = '';
        if (asked < MAX_QUESTIONS) lines.push(part);
        asked += 1;
      }
    }
    if (statement) lines.push(statement);
  }
  return lines.join('\n');
}

/**
 * Holds a model's turn to the intake agent's rules (next-turn.ts `intakeStage`), whatever the model
 * wrote: after a proposal, a question or remark gets an answer, never a new version, ending with how
 * to accept or ask for a change (the intake agent's answer replaces a proposal the model sent); before
 * one, no price while what is needed to price is missing (the intake agent's questions replace it),
 * and once the person could not say more after two tries, the fixed Diagnosis (1–2 hours) replaces a
 * wider guess or another question. Every question turn keeps at most three questions, one per line.
 * The model's brief and reading stay. Throws what nextIntakeTurn throws (an invalid currency code).
 */
export function holdToIntakeRules(turn: AgentTurn, input: AgentTurnInput): AgentTurn {
  const stage = intakeStage(input);
  const intake = () => nextIntakeTurn(input);
  const { estimate: _dropped, ...question } = turn;
  switch (stage) {
    case 'answer': {
      if (turn.kind === 'proposal') return { ...question, kind: 'question', content: intake().content };
      const content = atMostThreeQuestions(turn.content);
      return { ...turn, content: /Sounds good/.test(content) ? content : `${content}\n\n${ACCEPT_OR_CHANGE}` };
    }
    case 'ask':
      if (turn.kind === 'proposal') return { ...question, kind: 'question', content: intake().content };
      break;
    case 'diagnosis': {
      const [low, high] = DIAGNOSIS_HOURS;
      const isDiagnosis =
        turn.kind === 'proposal' &&
        /\bDiagnosis\b/.test(turn.content) &&
        turn.estimate?.hoursLow === low &&
        turn.estimate.hoursHigh === high;
      if (!isDiagnosis) {
        const diagnosis = intake();
        return { ...turn, kind: 'proposal', content: diagnosis.content, ...(diagnosis.estimate ? { estimate: diagnosis.estimate } : {}) };
      }
      break;
    }
    default:
      break;
  }
  return turn.kind === 'question' ? { ...turn, content: atMostThreeQuestions(turn.content) } : turn;
}
