import type { Message } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { messages } from '../../db/schema.ts';
import { signConversationFiles } from '../files/files.service.ts';
import { loadPublicIds } from '../users/participant-ids.ts';
import { peopleOf, stripTaskSection, toStaffMessageView } from './message-view.ts';

/**
 * A conversation's messages as staff (admins, experts) and third-party agents read them: staff notes
 * kept, a guest named by its participant id (docs/decisions/021-participant-ids.md), file links signed
 * for the reader.
 * @param rows the conversation's stored messages, oldest first.
 */
export async function viewMessagesAsStaff(
  deps: Pick<AppDeps, 'db' | 'fileUrls'>,
  conversationId: string,
  rows: Array<typeof messages.$inferSelect>,
): Promise<Message[]> {
  const publicIds = await loadPublicIds(deps.db, peopleOf(rows));
  const signFiles = await signConversationFiles(deps, conversationId);
  return rows.map((row) => signFiles(toStaffMessageView(row, publicIds)));
}

/**
 * A conversation's messages as the human experts read them (the task's holder, and admins in the
 * expert workspace): the staff view of {@link viewMessagesAsStaff}, but the agent's staff notes (after
 * the task-section marker) left out, as the customer reads them.
 */
export async function viewMessagesForExperts(
  deps: Pick<AppDeps, 'db' | 'fileUrls'>,
  conversationId: string,
  rows: Array<typeof messages.$inferSelect>,
): Promise<Message[]> {
  const shown = await viewMessagesAsStaff(deps, conversationId, rows);
  return shown.map((message) => (message.sender_role === 'agent' ? { ...message, content: stripTaskSection(message.content) } : message));
}
