import { neutraliseTaskSectionMarker, TASK_SECTION_MARKER } from '@unstuck/contract';
import type { ModelMessage } from 'ai';
import type { TranscriptEntry } from '../brain.ts';

/**
 * Converts the conversation (oldest first) into chat messages for the model: the person's entries
 * become `user` messages, the agent's become `assistant` messages. Attachment names are listed
 * after the text, since the model cannot open the files but should know they exist. A staff-only
 * section left in an agent message is cut off (callers should already have removed it), so the
 * model sees what the person saw and never learns to write the marker into its visible answer.
 * Pure, never throws.
 */
export function toModelMessages(transcript: TranscriptEntry[]): ModelMessage[] {
  return transcript.map((entry): ModelMessage => {
    if (entry.role === 'agent') {
      const [visible = ''] = entry.content.split(TASK_SECTION_MARKER, 1);
      return { role: 'assistant', content: visible.trim() };
    }
    const files = entry.attachmentNames ?? [];
    const note = files.length > 0 ? `\n\n(Attached files: ${files.join(', ')})` : '';
    // Rows stored before the marker was neutralised on arrival must not teach the model to write it.
    return { role: 'user', content: `${neutraliseTaskSectionMarker(entry.content)}${note}` };
  });
}
